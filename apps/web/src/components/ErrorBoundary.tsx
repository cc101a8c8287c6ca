import { Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What the user sees after an unhandled rendering error (docs/product.md, "Messages everyone sees"): "Something went
 * wrong".
 */
export function SomethingWentWrong({ onReset }: { onReset?: () => void }) {
  const { t } = useTranslation();
  return (
    <Center py="xl" px="md">
      <Paper withBorder p="xl" radius="md" maw={520} role="alert">
        <Stack gap="sm">
          <Title order={1} size="h2">
            {t('app.somethingWentWrong')}
          </Title>
          <Text c="dimmed">{t('app.somethingWentWrongHint')}</Text>
          <Button onClick={onReset ?? (() => window.location.reload())} variant="light" w="fit-content">
            {onReset ? t('app.retry') : t('app.reload')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}

interface Props {
  children: ReactNode;
  /** When this value changes (e.g. the path), a shown error is cleared so navigation recovers. */
  resetKey?: unknown;
}

interface State {
  error: Error | null;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (props.resetKey !== state.resetKey) return { resetKey: props.resetKey, error: null };
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Unhandled rendering error', error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <SomethingWentWrong onReset={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
