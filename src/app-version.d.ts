/** package.json's version, stamped at build by vite.config.ts (`define`); tests see it too. */
declare const __APP_VERSION__: string;
