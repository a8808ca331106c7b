import { Icon, type IconProps } from '../../../components/icons.tsx';

/** Plugins, in the sidebar; here rather than with the shared icons, which the sign-in screen loads. */
export const PuzzleIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M19.4 13a2 2 0 1 0 0-4H18V6a2 2 0 0 0-2-2h-3V2.6a2 2 0 1 0-4 0V4H6a2 2 0 0 0-2 2v3h1.4a2 2 0 1 1 0 4H4v5a2 2 0 0 0 2 2h5v-1.4a2 2 0 1 1 4 0V20h1a2 2 0 0 0 2-2v-5z" />
  </Icon>
);
