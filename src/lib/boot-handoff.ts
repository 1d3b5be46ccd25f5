/**
 * What the small boot script (scripts/boot-script.ts, loaded by index.html before the app's
 * code has arrived) hands to start-up: the config.json request it already started. Start-up
 * reads it once; without it (the boot script blocked or late), start-up fetches the file itself.
 */
export const BOOT_CONFIG_GLOBAL = '__adminConsoleConfig';

export function takeBootConfigResponse(): Promise<Response> | undefined {
  const holder = globalThis as unknown as Record<string, Promise<Response> | undefined>;
  const response = holder[BOOT_CONFIG_GLOBAL];
  delete holder[BOOT_CONFIG_GLOBAL];
  return response;
}
