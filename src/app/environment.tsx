import { createContext, use, type ReactNode } from 'react';

/** What start-up decided about where the API is; the UI shows it and demo-only controls use it. */
export interface AppEnvironment {
  /** Root the API client talks to (in demo mode, a same-origin path the mock worker answers). */
  apiBaseUrl: string;
  /** Shown in the header: "Demo" or the API host. */
  label: string;
  /** The API's name in a ticket or a log file (today the label; later the API profile's). */
  apiName: string;
  demo: DemoControls | null;
  /** The deadline of every API request (config.json's requestTimeoutMs). */
  requestTimeoutMs: number;
  /** Where images may come from besides this origin (the served img-src says the same). */
  imageSources: readonly string[];
  /** Product categories to suggest before any have been seen (config.json, or the demo's own). */
  categories: readonly string[];
}

/** Present only in demo mode; the functions live in the lazily loaded mock chunk. */
export interface DemoControls {
  /** The mock's product categories. */
  categories: readonly string[];
  mintToken(): Promise<string>;
  /** Adds latency or queues failures for requests made with `token` (the mock's scenario endpoint). */
  setScenario(token: string, scenario: DemoScenario): Promise<void>;
}

export interface DemoScenario {
  latencyMs?: number;
  fail?: { path: string; status: number; count: number; retryAfter?: number };
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
