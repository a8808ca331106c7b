// React 18 and later have useSyncExternalStore; React Aria still imports the shim for React 17,
// whose fallback code would ship on the sign-in screen. The build points the shim here.
export { useSyncExternalStore } from 'react';
