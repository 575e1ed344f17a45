import { createContext, useContext } from 'react';
import type { PrivateMessagesClient } from './pm-client';

export const PmClientContext = createContext<PrivateMessagesClient | null>(null);

export function usePmClient(): PrivateMessagesClient {
  const client = useContext(PmClientContext);
  if (!client) throw new Error('usePmClient outside PrivateMessagesHost');
  return client;
}
