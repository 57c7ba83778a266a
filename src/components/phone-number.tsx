import type { ClipboardEvent, HTMLAttributes } from 'react';
import { useLanguage } from '@/lib/language';
import { formatPhone, phoneForCopy } from '@/lib/phone';

/**
 * A phone number in the page's digits, kept left to right in an isolate
 * (`<bdi dir="ltr">`): in Arabic, `+20` or the digits' order never turn
 * around with the sentence around them. Copied, it is in Western digits, so
 * it pastes as it is into a dialer or the Vodafone Cash app. Every phone the
 * storefront shows goes through here (docs/architecture.md, "Language and direction").
 */
export function PhoneNumber({ phone, ...rest }: { phone: string } & Omit<HTMLAttributes<HTMLElement>, 'dir' | 'children'>) {
  const { lang } = useLanguage();
  const onCopy = (event: ClipboardEvent<HTMLElement>) => {
    const selected = document.getSelection()?.toString();
    if (!selected) return;
    event.clipboardData.setData('text/plain', phoneForCopy(selected));
    event.preventDefault();
  };
  return <bdi dir="ltr" {...rest} onCopy={onCopy}>{formatPhone(phone, lang)}</bdi>;
}
