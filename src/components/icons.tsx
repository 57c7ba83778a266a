import type { SVGProps } from 'react';

type IconProps = SVGProps<SVGSVGElement>;

/**
 * A few Material icons inlined (@mui/icons-material would add a dependency
 * for seven paths), as plain SVG, 1em square in the text's colour, hidden from
 * screen readers (the control they sit in carries the name). Not MUI's
 * SvgIcon: these are drawn on every card and in the bar, and SvgIcon worked
 * its styles out again for each (Total Blocking Time). A MUI
 * IconButton or Button sizes them through its font size, as it does SvgIcon.
 */
function Icon({ d, ...props }: IconProps & { d: string }) {
  return (
    <svg width="1em" height="1em" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" focusable="false" {...props}>
      <path d={d} />
    </svg>
  );
}

export const HeartIcon = (props: IconProps) => <Icon d="M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54L12 21.35z" {...props} />;
export const CartIcon = (props: IconProps) => <Icon d="M7 18c-1.1 0-1.99.9-1.99 2S5.9 22 7 22s2-.9 2-2-.9-2-2-2zM1 2v2h2l3.6 7.59-1.35 2.45c-.16.28-.25.61-.25.96 0 1.1.9 2 2 2h12v-2H7.42c-.14 0-.25-.11-.25-.25l.03-.12.9-1.63h7.45c.75 0 1.41-.41 1.75-1.03l3.58-6.49A1.003 1.003 0 0020 4H5.21l-.94-2H1zm16 16c-1.1 0-1.99.9-1.99 2s.89 2 1.99 2 2-.9 2-2-.9-2-2-2z" {...props} />;
export const PersonIcon = (props: IconProps) => <Icon d="M12 12c2.21 0 4-1.79 4-4s-1.79-4-4-4-4 1.79-4 4 1.79 4 4 4zm0 2c-2.67 0-8 1.34-8 4v2h16v-2c0-2.66-5.33-4-8-4z" {...props} />;
export const SearchIcon = (props: IconProps) => <Icon d="M15.5 14h-.79l-.28-.27C15.41 12.59 16 11.11 16 9.5 16 5.91 13.09 3 9.5 3S3 5.91 3 9.5 5.91 16 9.5 16c1.61 0 3.09-.59 4.23-1.57l.27.28v.79l5 4.99L20.49 19l-4.99-5zm-6 0C7.01 14 5 11.99 5 9.5S7.01 5 9.5 5 14 7.01 14 9.5 11.99 14 9.5 14z" {...props} />;
export const CloseIcon = (props: IconProps) => <Icon d="M19 6.41 17.59 5 12 10.59 6.41 5 5 6.41 10.59 12 5 17.59 6.41 19 12 13.41 17.59 19 19 17.59 13.41 12z" {...props} />;
export const MenuIcon = (props: IconProps) => <Icon d="M3 18h18v-2H3v2zm0-5h18v-2H3v2zm0-7v2h18V6H3z" {...props} />;
export const VerifiedIcon = (props: IconProps) => <Icon d="M23 12l-2.44-2.79.34-3.69-3.61-.82-1.89-3.2L12 2.96 8.6 1.5 6.71 4.69 3.1 5.5l.34 3.7L1 12l2.44 2.79-.34 3.7 3.61.82L8.6 22.5l3.4-1.47 3.4 1.46 1.89-3.19 3.61-.82-.34-3.69L23 12zm-12.91 4.72-3.8-3.81 1.48-1.48 2.32 2.33 5.85-5.87 1.48 1.48-7.33 7.35z" {...props} />;
export const StarIcon = (props: IconProps) => <Icon d="M12 17.27 18.18 21l-1.64-7.03L22 9.24l-7.19-.61L12 2 9.19 8.63 2 9.24l5.46 4.73L5.82 21z" {...props} />;
/** Points to the start of a left-to-right line; mirrored where it should point the other way. */
export const ChevronStartIcon = (props: IconProps) => <Icon d="M15.41 7.41 14 6l-6 6 6 6 1.41-1.41L10.83 12z" {...props} />;
const MIRRORED = { transform: 'scaleX(-1)' };
/** Previous's and Next's chevrons: pointing to the start and to the end of the line, on the right and the left in rtl. */
export const ChevronPreviousIcon = ({ dir, ...props }: IconProps & { dir: 'ltr' | 'rtl' }) => <ChevronStartIcon style={dir === 'rtl' ? MIRRORED : undefined} {...props} />;
export const ChevronNextIcon = ({ dir, ...props }: IconProps & { dir: 'ltr' | 'rtl' }) => <ChevronStartIcon style={dir === 'rtl' ? undefined : MIRRORED} {...props} />;
export const ShareIcon = (props: IconProps) => <Icon d="M18 16.08c-.76 0-1.44.3-1.96.77L8.91 12.7c.05-.23.09-.46.09-.7s-.04-.47-.09-.7l7.05-4.11c.54.5 1.25.81 2.04.81 1.66 0 3-1.34 3-3s-1.34-3-3-3-3 1.34-3 3c0 .24.04.47.09.7L8.04 9.81C7.5 9.31 6.79 9 6 9c-1.66 0-3 1.34-3 3s1.34 3 3 3c.79 0 1.5-.31 2.04-.81l7.12 4.16c-.05.21-.08.43-.08.65 0 1.61 1.31 2.92 2.92 2.92s2.92-1.31 2.92-2.92-1.31-2.92-2.92-2.92z" {...props} />;
export const LinkIcon = (props: IconProps) => <Icon d="M3.9 12c0-1.71 1.39-3.1 3.1-3.1h4V7H7c-2.76 0-5 2.24-5 5s2.24 5 5 5h4v-1.9H7c-1.71 0-3.1-1.39-3.1-3.1zM8 13h8v-2H8v2zm9-6h-4v1.9h4c1.71 0 3.1 1.39 3.1 3.1s-1.39 3.1-3.1 3.1h-4V17h4c2.76 0 5-2.24 5-5s-2.24-5-5-5z" {...props} />;
/** MUI Alert's icons: a warning's outlined triangle, an error's outlined circle. */
export const WarningIcon = (props: IconProps) => <Icon d="M12 5.99 19.53 19H4.47L12 5.99M12 2 1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z" {...props} />;
export const ErrorIcon = (props: IconProps) => <Icon d="M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z" {...props} />;
