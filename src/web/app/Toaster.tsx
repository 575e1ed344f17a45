import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { markToasterMounted } from '../lib/toast';

export default function AppToaster() {
  useEffect(() => markToasterMounted(), []);
  return (
    <Toaster
      dir="rtl"
      position="top-center"
      visibleToasts={1}
      richColors
      closeButton
      toastOptions={{ style: { fontFamily: 'inherit' } }}
    />
  );
}
