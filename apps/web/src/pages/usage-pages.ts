/**
 * The CSV export and usage pages as one lazy chunk: they share their body, and a chunk of its
 * own would add its file list to the entry script the sign-in screen loads (its budget is spent).
 */
export { default as CsvExportPage } from './csv-export-page.tsx';
export { default as UsagePage } from './usage-page.tsx';
