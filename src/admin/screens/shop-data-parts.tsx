// What the owner's shop-data screens (categories, coupons, the shop's texts) share: amounts typed
// in any digits, the outcome of the last save said and focused, a field written in one language.
import { useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { toLatinDigits } from '@contract/rules';
import { Title } from '../common';

/** The outcome of the last write: the server's own words. */
export type Said = { ok: boolean; text: string } | null;

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

/**
 * The last save's outcome. It takes the focus when the focus was lost (the control used went
 * away with a closed dialog or a moved card), so the screen reader reads it and the next Tab
 * starts from it; otherwise the live region announces it.
 */
export function Outcome({ said, onClose }: { said: Said; onClose: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!said) return;
    const move = () => {
      const now = document.activeElement;
      if (now === null || now === document.body || !now.isConnected) ref.current?.focus();
    };
    move();
    const frame = requestAnimationFrame(move);
    return () => cancelAnimationFrame(frame);
  }, [said]);
  if (!said) return null;
  return (
    <Alert ref={ref} tabIndex={-1} severity={said.ok ? 'success' : 'error'} role={said.ok ? 'status' : 'alert'} onClose={onClose} sx={{ mb: 2 }}>
      {said.text}
    </Alert>
  );
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
