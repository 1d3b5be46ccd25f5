/**
 * What the console refuses to start with: its message says which setting and how to fix it. Its
 * own module, so a setting's reader (config-embed.ts) can throw it without importing config.ts,
 * which imports the readers.
 */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}
