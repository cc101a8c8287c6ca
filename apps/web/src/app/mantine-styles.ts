/**
 * Mantine's global styles and the component styles every page can show, instead of the whole
 * @mantine/core/styles.css (≈250 kB raw, most of it for components the login page never draws). Each area layout
 * imports the styles of its own components (app/layouts/*-styles.ts), so they travel with the area's chunk.
 *
 * Order matters (https://mantine.dev/styles/css-files-list): the global files first, then components in the order
 * of Mantine's own styles.css, so a component's styles come after those of the components it is built on. Every
 * such base (UnstyledButton, Input, InlineInput, Paper, Popover, ModalBase …) is here, in the entry, so an area's
 * styles, always loaded later, never precede a base they override.
 */
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/UnstyledButton.css';
import '@mantine/core/styles/VisuallyHidden.css';
import '@mantine/core/styles/Paper.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Loader.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/Group.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Flex.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Text.css';
import '@mantine/core/styles/Anchor.css';
import '@mantine/core/styles/AppShell.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Button.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/Container.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Notification.css';
import '@mantine/core/styles/Stack.css';
import '@mantine/core/styles/Title.css';
// After @mantine/core, as Mantine asks for its other packages.
import '@mantine/notifications/styles.css';
