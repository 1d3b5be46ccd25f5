import type { Config } from 'tailwindcss';

// Tailwind 4 reads its theme from CSS (src/index.css); this file names the content roots and
// the class-based dark mode for tools that still look for a config.
export default {
  content: ['./index.html', './src/**/*.{ts,tsx}'],
  darkMode: 'class',
} satisfies Config;
