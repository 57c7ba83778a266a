import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import Typography from '@mui/material/Typography';

/**
 * A checkout step's heading (h2). Proceed, Next, Confirm, Back and the step
 * bar's links all unmount the control that was pressed, which drops focus on
 * the body: when a step is arrived at, focus goes to its heading so keyboard
 * and screen-reader users hear where they are (the cart does the same for
 * its items heading). Not on the visit's first page, and never away from a
 * control the shopper has already moved to.
 */
export function StepHeading({ id, children }: { id?: string; children: ReactNode }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { key } = useLocation();
  useEffect(() => {
    if (key === 'default') return;
    const active = document.activeElement;
    if (active && active !== document.body && document.contains(active)) return;
    heading.current?.focus();
  }, [key]);
  return (
    <Typography
      id={id}
      ref={heading}
      tabIndex={-1}
      component="h2"
      variant="h5"
      sx={{ fontWeight: 700, '&:focus': { outline: 'none' }, '&:focus-visible': { outline: '2px solid', outlineOffset: 2 } }}
    >
      {children}
    </Typography>
  );
}
