/**
 * Mantine component styles of Login, account flows and Page Not Found, beyond those of every page
 * (app/mantine-styles.ts). Imported first by the area's layout so they load with its chunk, in the order of
 * Mantine's styles.css. Derived from the components the area's chunks contain (scripts/bundle-report.ts --check
 * fails when one is missing).
 */
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/ThemeIcon.css';
