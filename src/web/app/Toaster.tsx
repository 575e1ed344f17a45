import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { markToasterMounted } from '../lib/toast';

/** Below the 56 px header (and 8 px clear of it), so a toast never covers the header's buttons. */
const BELOW_HEADER = { top: 'calc(3.5rem + 8px)' };

export default function AppToaster() {
  useEffect(() => markToasterMounted(), []);
  return (
    <Toaster
      dir="rtl"
      position="top-center"
      visibleToasts={1}
      richColors
      closeButton
      offset={BELOW_HEADER}
      mobileOffset={BELOW_HEADER}
      toastOptions={{ style: { fontFamily: 'inherit' } }}
    />
  );
}
