/**
 * The notification stack component alone, as a module of its own for NotificationsHost's dynamic import. Importing
 * '@mantine/notifications' dynamically would ask for the whole package namespace, and since the store already comes
 * from that package statically, the bundler would put the component into the entry chunk too.
 */
export { Notifications } from '@mantine/notifications';
