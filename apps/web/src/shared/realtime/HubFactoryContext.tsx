import { createContext, useContext, type ReactNode } from 'react';
import { signalRHubFactory, type HubFactory } from './hubClient';

const HubFactoryContext = createContext<HubFactory>(signalRHubFactory);

/** Swaps how hub connections are made (tests pass a fake); without it the real SignalR client is used. */
export function HubFactoryProvider({ factory, children }: { factory: HubFactory; children: ReactNode }) {
  return <HubFactoryContext.Provider value={factory}>{children}</HubFactoryContext.Provider>;
}

export function useHubFactory(): HubFactory {
  return useContext(HubFactoryContext);
}
