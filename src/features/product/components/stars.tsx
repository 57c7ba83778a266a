import { StarIcon } from '@/components/icons';
import './product-page.css';

const FIVE = [0, 1, 2, 3, 4] as const;

/**
 * A read-only rating out of five, as MUI's small read-only Rating draws it
 * (gold stars over grey ones, filled to the value, from the start side), in
 * plain SVG and CSS: MUI's drew a styled piece per star and per tenth of one,
 * the product page's heaviest render. Named as a whole (`label`,
 * role img) or hidden when the text beside it says the value.
 */
export function Stars({ value, precision = 0.5, label }: {
  value: number;
  /** the step the stars fill by, as MUI's Rating rounds to it */
  precision?: number;
  label?: string;
}) {
  const filled = Math.max(0, Math.min(5, Math.round(value / precision) * precision)) * 20;
  const stars = FIVE.map((i) => <StarIcon key={i} />);
  return (
    <span className="attar-stars" {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}>
      <span className="attar-stars__empty">{stars}</span>
      <span className="attar-stars__filled" style={{ width: `${filled}%` }}>{stars}</span>
    </span>
  );
}
