import { createContext, use, type ReactNode } from 'react';
import type { ApiProfile } from '../lib/api-profile';

/** What start-up decided about where the API is; the UI shows it and demo-only controls use it. */
export interface AppEnvironment {
  /** Root the API client talks to (in demo mode, a same-origin path the mock worker answers). */
  apiBaseUrl: string;
  /** Shown in the header: "Demo", the API host, or the name of the chosen entry of `apis`. */
  label: string;
  /** The current API's name (the same as `label`), for texts that name the API. */
  apiName: string;
  /** The current API is marked production (config.json's `apis`). */
  production: boolean;
  /** Every API of config.json (one unless `apis` lists several) and the way to switch. */
  apis: ApiChoice;
  demo: DemoControls | null;
  /** The deadline of every API request (config.json's requestTimeoutMs). */
  requestTimeoutMs: number;
  /** Where images may come from besides this origin (the served img-src says the same). */
  imageSources: readonly string[];
  /** Product categories to suggest before any have been seen (config.json, or the demo's own). */
  categories: readonly string[];
}

export interface ApiChoice {
  profiles: readonly ApiProfile[];
  current: ApiProfile;
  /** Makes another API current: the app starts again under it, without reloading the page. */
  switchTo(key: string): void;
}

/** Present only in demo mode; the functions live in the lazily loaded mock chunk. */
export interface DemoControls {
  /** The mock's product categories. */
  categories: readonly string[];
  mintToken(): Promise<string>;
  /** Adds latency or queues failures for requests made with `token` (the mock's scenario endpoint). */
  setScenario(token: string, scenario: DemoScenario): Promise<void>;
}

export interface DemoFailure {
  path: string;
  status: number;
  count: number;
  retryAfter?: number;
}

export interface DemoScenario {
  latencyMs?: number;
  /** One failure, or several queued in order (the first that covers a request answers it). */
  fail?: DemoFailure | DemoFailure[];
  reset?: boolean;
}

const EnvironmentContext = createContext<AppEnvironment | null>(null);

export function EnvironmentProvider({
  environment,
  children,
}: {
  environment: AppEnvironment;
  children: ReactNode;
}) {
  return <EnvironmentContext value={environment}>{children}</EnvironmentContext>;
}

export function useEnvironment(): AppEnvironment {
  const environment = use(EnvironmentContext);
  if (!environment) throw new Error('useEnvironment must be used inside <EnvironmentProvider>');
  return environment;
}
