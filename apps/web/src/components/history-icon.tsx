import { Icon } from './icons.tsx';

type IconProps = Parameters<typeof Icon>[0];

/**
 * The audit log's item in the sidebar. Beside the shared icons rather than among them: the
 * sign-in screen loads that file, and this icon is only ever drawn once signed in.
 */
export const HistoryIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M3 12a9 9 0 1 0 3-6.7L3 8" />
    <path d="M3 3v5h5M12 7v5l3 3" />
  </Icon>
);
