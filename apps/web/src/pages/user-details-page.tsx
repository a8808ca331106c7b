import { useParams } from 'react-router';
import { UserDetails } from '../features/users/components/user-details.tsx';
import NotFoundPage from './not-found-page.tsx';

export default function UserDetailsPage() {
  const userId = Number(useParams().id);
  if (!Number.isInteger(userId) || userId <= 0) return <NotFoundPage />;
  // Keyed by id, so moving between users starts each page with fresh form state.
  return <UserDetails key={userId} userId={userId} />;
}
