import { useSsoCodeExchange } from '../hooks/use-sso-code-exchange.ts';

/**
 * Signs in with the code of a single sign-on return. Loaded only on such a return: the sign-in
 * screen's first download has a budget (decision 4).
 */
export default function SsoCodeExchange({ code }: { code: string }) {
  useSsoCodeExchange(code);
  return null;
}
