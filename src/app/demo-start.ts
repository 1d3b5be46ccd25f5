import type { DemoControls } from './environment';

/** The mock API and its signing secret are downloaded only in demo mode. */
export async function startDemo(apiBaseUrl: string): Promise<DemoControls> {
  const { startDemoWorker, mintDemoToken, PRODUCT_CATEGORIES } = await import('../mocks/browser');
  await startDemoWorker();
  return {
    categories: [...PRODUCT_CATEGORIES],
    mintToken: () => mintDemoToken('valid'),
    async setScenario(token, scenario) {
      const response = await fetch(`${apiBaseUrl}/__demo/scenario`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(scenario),
      });
      if (!response.ok) throw new Error(`the mock answered ${response.status}`);
    },
  };
}
