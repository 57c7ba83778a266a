import { useQuery } from '@tanstack/react-query';
import { homeQuery } from '@/features/catalog/api/get-home';
import { useLanguage } from '@/lib/language';

export const BANNER_REPEAT = 23;

/** The announcement banner: message_nav 23 times in a scrolling row; still for reduced motion. */
export function Banner() {
  const { lang } = useLanguage();
  const { data } = useQuery(homeQuery(lang));
  const message = data?.Data_home_page.message_nav ?? '';
  // The track holds the 23 copies twice, so moving by half of it loops without a jump (shell.css:
  // towards the line's start, so the other way in Arabic). One rule for the 46 copies' spacing.
  return (
    <aside className="attar-banner" aria-label={message}>
      {message && (
        <div className="attar-banner__track" aria-hidden="true" data-testid="banner-track">
          {[0, 1].map((half) => (
            <span key={half} data-testid="banner-copies">
              {Array.from({ length: BANNER_REPEAT }, (_, i) => (
                <span key={i}>{message}</span>
              ))}
            </span>
          ))}
        </div>
      )}
    </aside>
  );
}
