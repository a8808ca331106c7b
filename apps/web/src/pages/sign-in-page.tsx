import { UnauthenticatedScreen } from '../features/auth/components/unauthenticated-screen.tsx';

export default function SignInPage() {
  return <UnauthenticatedScreen />;
}
