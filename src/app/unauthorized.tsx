import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useLingui } from '@lingui/react/macro';
import { useSnackbar } from 'notistack';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** Where a shopper signing in should be sent back to: the page they were on. */
export interface SignInState {
  from?: string;
}

/**
 * Handles every 401 of the API client in one place (DESIGN.md "How data
 * flows"): the token is gone or expired, so forget it and ask the shopper to
 * sign in again, remembering the page they were on. Mount once, inside the
 * router (the layout is the place).
 */
export function useUnauthorizedHandler() {
  const { t } = useLingui();
  const { setToken } = useSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const location = useLocation();
  // The handler outlives renders; it must read the page the shopper is on now.
  const here = useRef(location);
  useEffect(() => {
    here.current = location;
  }, [location]);
  const message = t`Please Login First`;

  useEffect(() => {
    setUnauthorizedHandler(() => {
      setToken(null);
      const { pathname, search, hash } = here.current;
      if (pathname === '/sign-in' || pathname === '/sign-up') return;
      // Several calls may fail together; one message is enough.
      enqueueSnackbar(message, { variant: 'warning', preventDuplicate: true });
      const state: SignInState = { from: `${pathname}${search}${hash}` };
      navigate('/sign-in', { state });
    });
    return () => setUnauthorizedHandler(() => {});
  }, [setToken, navigate, enqueueSnackbar, message]);
}

/** The same, as an element: `<UnauthorizedHandler />` in the layout. */
export function UnauthorizedHandler() {
  useUnauthorizedHandler();
  return null;
}
