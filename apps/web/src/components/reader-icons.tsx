import { Icon, type IconProps } from './icons.tsx';

// Apart from icons.tsx, which the sign-in screen loads: these are for the signed-in shell only.

export const NfcCardIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="2" y="5" width="20" height="14" rx="2" />
    <path d="M14 9.5a3.5 3.5 0 0 1 0 5M17 8a6 6 0 0 1 0 8" />
  </Icon>
);
export const ReaderIcon = (props: IconProps) => (
  <Icon {...props}>
    <rect x="6" y="2" width="12" height="20" rx="2" />
    <path d="M9 6h6M10 14a2.8 2.8 0 0 1 4 0M8.5 11.5a5 5 0 0 1 7 0M12 18h.01" />
  </Icon>
);
