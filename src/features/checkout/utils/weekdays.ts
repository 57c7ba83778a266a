import { useLingui } from '@lingui/react/macro';

/**
 * The weekdays (0 = Sunday) as the shipping step names the shop's days off,
 * from the cart's `closed_weekdays`: "We don't deliver on Fridays", "except
 * Fridays and Saturdays". In Arabic the bare day; the sentences put يوم or
 * أيام before it.
 */
export function useWeekdayNames(): readonly string[] {
  const { t } = useLingui();
  return [
    t({ message: 'Sundays', comment: 'a day the shop does not deliver on' }),
    t({ message: 'Mondays', comment: 'a day the shop does not deliver on' }),
    t({ message: 'Tuesdays', comment: 'a day the shop does not deliver on' }),
    t({ message: 'Wednesdays', comment: 'a day the shop does not deliver on' }),
    t({ message: 'Thursdays', comment: 'a day the shop does not deliver on' }),
    t({ message: 'Fridays', comment: 'a day the shop does not deliver on' }),
    t({ message: 'Saturdays', comment: 'a day the shop does not deliver on' }),
  ];
}
