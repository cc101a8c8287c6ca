import { Loader, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { TeamSearchHit } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { teamSearchQuery } from '../team/team-api';

/** A producer picked in the tree or the search, waiting for "with their team" or "alone". */
export interface ChosenProducer {
  id: number;
  name: string;
  fullName: string;
  code: string;
}

/** Search of the caller's team by name or Advisor Code; each hit says where it sits (its upline within the team). */
export function TeamSearch({ onChoose }: { onChoose: (producer: ChosenProducer) => void }) {
  const { t } = useTranslation('producer-team');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim().slice(0, 50), 300);
  const search = useQuery({ ...teamSearchQuery(q), enabled: q.length > 0 });

  return (
    <Stack gap="xs" component="section" aria-label={t('searchTitle')}>
      <TextInput
        type="search"
        label={t('searchLabel')}
        placeholder={t('searchPlaceholder')}
        value={text}
        maxLength={50}
        onChange={(event) => setText(event.currentTarget.value)}
        rightSection={search.isFetching ? <Loader size={14} /> : null}
      />
      {q.length > 0 && search.isError && (
        <Text size="sm" c="red" role="alert">
          {search.error.message}
        </Text>
      )}
      {q.length > 0 && search.data && (
        <>
          <Text size="xs" c="dimmed" role="status">
            {search.data.items.length === 0
              ? t('noMatches')
              : search.data.truncated
                ? t('matchesCapped', { count: search.data.items.length })
                : t('matches', { count: search.data.items.length })}
          </Text>
          <Stack component="ul" gap={2} m={0} p={0} style={{ listStyle: 'none' }}>
            {search.data.items.map((hit) => (
              <li key={hit.id}>
                <SearchHit hit={hit} onChoose={onChoose} />
              </li>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}

function SearchHit({ hit, onChoose }: { hit: TeamSearchHit; onChoose: (producer: ChosenProducer) => void }) {
  const { t } = useTranslation('producer-team');
  const where = hit.path.map((p) => p.name).join(' › ');
  return (
    <UnstyledButton
      w="100%"
      px="xs"
      py={4}
      style={{ borderRadius: 4 }}
      onClick={() => onChoose({ id: hit.id, name: hit.name, fullName: hit.fullName, code: hit.code })}
    >
      <Text size="sm" fw={500}>
        {hit.name} ({hit.code}){' '}
        <Text span size="xs" c="dimmed">
          {hit.title}
        </Text>
      </Text>
      <Text size="xs" c="dimmed">
        {where ? t('under', { path: where }) : t('topOfTeam')}
      </Text>
    </UnstyledButton>
  );
}
