import { useLocation } from 'react-router-dom';

/** What sign-in reads to send the shopper back to the page they were on. */
export interface SignInState {
  from?: string;
}

/** The sign-in state that brings the shopper back here, query and hash included. */
export function useReturnHere(): SignInState {
  const { pathname, search, hash } = useLocation();
  return { from: `${pathname}${search}${hash}` };
}
