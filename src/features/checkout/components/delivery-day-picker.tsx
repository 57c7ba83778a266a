import { useId, type Ref } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMonth, shortDayParts } from '@/lib/dates';
import type { Lang } from '@/lib/storage';

interface Props {
  /** the days that may be chosen (the cart's `delivery_days`, YYYY-MM-DD, in order) */
  days: readonly string[];
  /** the chosen day, YYYY-MM-DD, or '' */
  value: string;
  onChange(day: string): void;
  /** the group's name, shown as its legend */
  label: string;
  /** ids of the texts that describe the group (its hint, or its error) */
  describedBy?: string;
  invalid?: boolean;
  lang: Lang;
  /** the radio that takes the focus when the group is asked for: the chosen day's, else the first */
  focusRef?: Ref<HTMLInputElement>;
}

/** The days in runs of one month each, in order. */
function byMonth(days: readonly string[]): { month: string; days: string[] }[] {
  const groups: { month: string; days: string[] }[] = [];
  for (const day of days) {
    const month = day.slice(0, 7);
    const last = groups[groups.length - 1];
    if (last?.month === month) last.days.push(day);
    else groups.push({ month, days: [day] });
  }
  return groups;
}

/**
 * The scheduled-delivery day, chosen among the days the shop will book and no
 * other: one radio per day ("Thu 10 Dec", "الخميس ١٠ ديسمبر", the weekday above
 * the date), in a grid of
 * chips under each month's name, scrolling inside its own box so the whole
 * choice fits under a thumb on a phone. Native radios sharing one name: Tab
 * enters at the chosen day, the arrow keys move between days (across months),
 * and the chip of the focused radio shows a focus ring.
 */
export function DeliveryDayPicker({ days, value, onChange, label, describedBy, invalid, lang, focusRef }: Props) {
  const id = useId();
  const name = `${id}-day`;
  const focusDay = days.includes(value) ? value : days[0];
  return (
    <Box
      component="fieldset"
      aria-describedby={describedBy}
      aria-invalid={invalid || undefined}
      sx={{ m: 0, p: 0, border: 0, minWidth: 0 }}
    >
      <Typography component="legend" sx={{ fontWeight: 700, mb: 1, p: 0 }}>{label}</Typography>
      <Box
        sx={{
          maxHeight: { xs: 300, sm: 360 }, overflowY: 'auto', overscrollBehavior: 'contain',
          border: 1, borderColor: invalid ? 'error.main' : 'divider', borderRadius: 2, px: 1.5, pb: 1.5,
        }}
      >
        {byMonth(days).map((group) => {
          const headingId = `${id}-${group.month}`;
          return (
            <Box key={group.month} role="group" aria-labelledby={headingId}>
              <Typography
                id={headingId}
                component="h3"
                variant="subtitle2"
                sx={{ position: 'sticky', top: 0, zIndex: 1, bgcolor: 'background.paper', py: 1, fontWeight: 700 }}
              >
                {formatMonth(`${group.month}-01`, lang)}
              </Typography>
              <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(5.5rem, 1fr))', gap: 1 }}>
                {group.days.map((day) => {
                  const inputId = `${id}-${day}`;
                  const checked = day === value;
                  const parts = shortDayParts(day, lang);
                  return (
                    <Box
                      key={day}
                      sx={{
                        position: 'relative',
                        // The radio is kept in the page for the keyboard and assistive technology; its chip is what shows.
                        '& input': { position: 'absolute', inset: 0, width: '100%', height: '100%', m: 0, opacity: 0, cursor: 'pointer' },
                        '& input:focus-visible + label': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
                        '& label': {
                          display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', minHeight: 56, px: 0.5, py: 0.5,
                          border: 1, borderRadius: 2, textAlign: 'center', whiteSpace: 'nowrap', cursor: 'pointer', userSelect: 'none', lineHeight: 1.3,
                          borderColor: checked ? 'primary.main' : 'divider',
                          bgcolor: checked ? 'primary.main' : 'background.paper',
                          color: checked ? 'primary.contrastText' : 'text.primary',
                          fontWeight: checked ? 700 : 400,
                        },
                        '& .weekday': { fontSize: '0.8125rem' },
                      }}
                    >
                      <input
                        type="radio"
                        id={inputId}
                        name={name}
                        value={day}
                        checked={checked}
                        onChange={() => onChange(day)}
                        ref={day === focusDay ? focusRef : undefined}
                      />
                      {/* Two lines, so a long Arabic weekday never crowds its chip; read as one: "Thu 10 Dec". */}
                      <label htmlFor={inputId}>
                        <span className="weekday">{parts.weekday}</span> <span>{parts.date}</span>
                      </label>
                    </Box>
                  );
                })}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}
