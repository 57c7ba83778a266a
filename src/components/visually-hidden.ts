/**
 * Present for screen readers, invisible on screen. Sizes in px: in MUI's
 * `sx`, a bare `1` means 100 %, which once made a page 50 px too wide.
 */
export const VISUALLY_HIDDEN_SX = {
  position: 'absolute', width: '1px', height: '1px', padding: 0, margin: '-1px', overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
} as const;
