import { Anchor, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';

/**
 * What a form turns into once the server has accepted it: an icon, a heading and the next step. The heading takes
 * focus so screen-reader users hear that the page changed without a navigation.
 */
export function ConfirmationPanel({
  title,
  children,
  linkTo,
  linkLabel,
  tone = 'success',
}: {
  title: string;
  children: ReactNode;
  linkTo?: string;
  linkLabel?: string;
  tone?: 'success' | 'info';
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md" align="flex-start" data-testid="confirmation">
      <ThemeIcon
        size={44}
        radius="xl"
        variant="light"
        color={tone === 'success' ? 'teal' : 'brand'}
        aria-hidden
      >
        {tone === 'success' ? <CheckGlyph /> : <MailGlyph />}
      </ThemeIcon>
      <Title order={2} size="h3" ref={heading} tabIndex={-1}>
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
      {linkTo && linkLabel && (
        <Anchor component={Link} to={linkTo} fw={600}>
          {linkLabel}
        </Anchor>
      )}
    </Stack>
  );
}

export function ConfirmationText({ children }: { children: ReactNode }) {
  return <Text size="sm">{children}</Text>;
}

function CheckGlyph() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      aria-hidden="true"
    >
      <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function MailGlyph() {
  return (
    <svg
      width="22"
      height="22"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="M3.5 7l8.5 6 8.5-6" strokeLinejoin="round" />
    </svg>
  );
}
