// What the owner's shop-data screens (categories, coupons, the shop's texts) share: amounts typed
// in any digits, a field written in one language, the screen's head. The outcome of a save is
// common.tsx's Outcome.
import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { toLatinDigits } from '@contract/rules';
import { Title } from '../common';

/**
 * A number as the owner types it, Arabic digits and separators too ("١٬٢٥٠٫٥" is 1250.5); null
 * for nothing or not a number.
 */
export function readAmount(text: string): number | null {
  const plain = toLatinDigits(text).replace(/[\s,٬]/g, '').replace('٫', '.');
  if (plain === '') return null;
  const n = Number(plain);
  return Number.isFinite(n) ? n : null;
}

/** A field in one language: its input says so (lang, dir), whatever the page's language, so Arabic is typed right to left. */
export function LangField({ language, ...props }: TextFieldProps & { language: 'en' | 'ar' }) {
  const dir = language === 'ar' ? 'rtl' : 'ltr';
  return <TextField {...props} slotProps={{ ...props.slotProps, htmlInput: { ...(props.slotProps?.htmlInput as object), lang: language, dir } }} />;
}

/** A screen's title with its one action beside it ("New coupon"), wrapping under it on a narrow phone. */
export function ScreenHead({ title, action, onAction }: { title: string; action: string; onAction: () => void }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap', mb: 2, '& h1': { mb: 0 } }}>
      <Title>{title}</Title>
      <Button variant="contained" onClick={onAction} sx={{ minHeight: 44 }}>{action}</Button>
    </Box>
  );
}

/** A number in a form's field as the page writes it: Eastern Arabic digits and decimal sign in Arabic (readAmount reads both). */
export function fieldNumber(n: number, lang: 'en' | 'ar'): string {
  const text = String(n);
  return lang === 'ar' ? text.replace(/\d/g, (d) => '٠١٢٣٤٥٦٧٨٩'[Number(d)]).replace('.', '٫') : text;
}

/** Two fields side by side from 600 px (English then Arabic), one above the other on a phone. */
export function Pair({ children }: { children: ReactNode }) {
  return <div className="admin-pair">{children}</div>;
}
