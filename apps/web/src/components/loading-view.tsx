import { Spinner } from '@heroui/react';

/** A pending request that replaces its card (spec 01 §2). */
export function LoadingView({ label }: { label: string }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 py-10 text-center">
      <Spinner />
      <p className="text-muted">{label}</p>
    </div>
  );
}
