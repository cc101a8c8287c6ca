/** The real selects behind lazy-fields.ts, in a chunk of their own. */
export { MultiSelect, Select } from '@mantine/core';
