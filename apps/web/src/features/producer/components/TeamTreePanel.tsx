import {
  Alert,
  Button,
  Drawer,
  Group,
  Loader,
  Paper,
  Stack,
  Text,
  Tree,
  type TreeNodeData,
  useTree,
  VisuallyHidden,
} from '@mantine/core';
import type { ProducerTreeNode } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChevronDownIcon } from '../../../components/icons';
import { useCurrentProducer } from '../../../lib/session';
import { useSelectedProducer } from '../team/selected-producer';
import { fetchTreeRoot } from '../team/team-api';
import { type ExpandAllNotice, type TeamTreeState, useTeamTree } from '../team/use-team-tree';
import { type ChosenProducer, TeamSearch } from './TeamSearch';

const MORE_PREFIX = 'more:';

type TreeExpandedState = Record<string, boolean>;

const cappedValues = (notice: ExpandAllNotice) => ({
  shown: notice.shown.toLocaleString(),
  total: notice.total.toLocaleString(),
});

/** Mantine tree data from what is loaded: unopened producers load on expand; cut families end with "n more". */
function toTreeData(
  root: ProducerTreeNode,
  state: TeamTreeState,
  moreLabel: (count: number) => string,
): TreeNodeData[] {
  const build = (node: ProducerTreeNode): TreeNodeData => {
    const data: TreeNodeData = { value: String(node.id), label: node.text, hasChildren: node.childCount > 0 };
    const loaded = state.children.get(node.id);
    if (loaded) {
      const children = loaded
        .map((id) => state.nodes.get(id))
        .filter((n): n is ProducerTreeNode => !!n)
        .map(build);
      const remaining = node.childCount - loaded.length;
      if (remaining > 0) children.push({ value: `${MORE_PREFIX}${node.id}`, label: moreLabel(remaining) });
      data.children = children;
    }
    return data;
  };
  return [build(root)];
}

function chosenOf(node: ProducerTreeNode): ChosenProducer {
  return { id: node.id, name: node.name, fullName: node.fullName, code: node.code };
}

interface PanelProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * The team tree (docs/producer/team-and-profile.md), opened from the sitemap button: the producer's team loaded level
 * by level, expand-all (bounded by the server) and collapse-all, a search by name or Advisor Code, and the choice of a
 * producer "with their team" or "alone", which every list and export then shows.
 */
export function TeamTreePanel({ opened, onClose }: PanelProps) {
  return (
    <Suspense fallback={null}>
      <TeamTreeDrawer opened={opened} onClose={onClose} />
    </Suspense>
  );
}

function TeamTreeDrawer({ opened, onClose }: PanelProps) {
  const { t } = useTranslation(['producer-team', 'common']);
  const me = useCurrentProducer();
  const { select, clear } = useSelectedProducer();
  const rootQuery = useQuery({
    queryKey: ['b2b', 'team', 'root', me?.producerId],
    queryFn: ({ signal }) => fetchTreeRoot(signal),
    enabled: opened,
    staleTime: 5 * 60_000,
  });
  const root = rootQuery.data;
  const { state, loadChildren, loadMore, loadForExpandAll } = useTeamTree(root);
  const [expandedState, setExpandedState] = useState<TreeExpandedState>({});
  const [chosen, setChosen] = useState<ChosenProducer | null>(null);
  const [notice, setNotice] = useState<ExpandAllNotice | null>(null);
  const [expanding, setExpanding] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const nodeOf = useCallback(
    (id: number) => (root?.id === id ? root : state.nodes.get(id)),
    [root, state.nodes],
  );

  const onLoadChildren = useCallback(
    async (value: string) => {
      if (value.startsWith(MORE_PREFIX)) return;
      await loadChildren(Number(value));
    },
    [loadChildren],
  );

  const tree = useTree({
    expandedState,
    onExpandedStateChange: setExpandedState,
    onLoadChildren,
  });

  const data = useMemo(
    () => (root ? toTreeData(root, state, (count) => t('producer-team:more', { count })) : []),
    [root, state, t],
  );

  const choose = useCallback(
    (value: string) => {
      if (value.startsWith(MORE_PREFIX)) {
        const parentId = Number(value.slice(MORE_PREFIX.length));
        setFailure(null);
        loadMore(parentId).catch((error: unknown) => setFailure(String((error as Error)?.message ?? error)));
        return;
      }
      const node = nodeOf(Number(value));
      if (!node) return;
      tree.select(value);
      setChosen(chosenOf(node));
      setAnnouncement(t('producer-team:chosen', { name: node.text }));
    },
    [loadMore, nodeOf, tree, t],
  );

  const onTreeKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'Enter') return;
    const item = (event.target as HTMLElement).closest<HTMLElement>('[role=treeitem]');
    const value = item?.dataset.value;
    if (!value) return;
    event.preventDefault();
    choose(value);
  };

  async function expandAll() {
    setExpanding(true);
    setFailure(null);
    try {
      const { open, notice: cut } = await loadForExpandAll();
      const next: TreeExpandedState = { ...expandedState };
      for (const id of open) next[String(id)] = true;
      setExpandedState(next);
      setNotice(cut);
      setAnnouncement(
        cut
          ? t('producer-team:expandAllCapped', cappedValues(cut))
          : t('producer-team:expandedAll', { count: open.length }),
      );
    } catch (error) {
      setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setExpanding(false);
    }
  }

  function collapseAll() {
    setExpandedState({});
    setNotice(null);
    setAnnouncement(t('producer-team:collapsedAll'));
  }

  function view(includedTeam: boolean) {
    if (!chosen) return;
    if (chosen.id === me?.producerId && includedTeam) clear();
    else {
      select({
        producerId: chosen.id,
        producerName: chosen.name,
        producerFullName: chosen.fullName,
        producerCode: chosen.code,
        includedTeam,
      });
    }
    onClose();
  }

  const isSelf = chosen?.id === me?.producerId;

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t('common:producer.teamTree')}
      closeButtonProps={{ 'aria-label': t('common:app.close') }}
    >
      <Stack gap="md">
        <TeamSearch
          onChoose={(hit) => {
            setChosen(hit);
            setAnnouncement(t('producer-team:chosen', { name: `${hit.name} (${hit.code})` }));
          }}
        />
        {chosen && (
          <Paper withBorder p="sm" radius="md" aria-labelledby="team-chosen-title" component="section">
            <Text id="team-chosen-title" size="sm" fw={600}>
              {isSelf
                ? t('producer-team:yourself', { name: chosen.name })
                : `${chosen.name} (${chosen.code})`}
            </Text>
            <Group gap="xs" mt="xs">
              <Button size="xs" onClick={() => view(true)}>
                {isSelf ? t('producer-team:viewOwnWithTeam') : t('producer-team:viewWithTeam')}
              </Button>
              <Button size="xs" variant="light" onClick={() => view(false)}>
                {isSelf ? t('producer-team:viewOwnAlone') : t('producer-team:viewAlone')}
              </Button>
            </Group>
          </Paper>
        )}
        <Group gap="xs">
          <Button size="xs" variant="light" onClick={expandAll} loading={expanding} disabled={!root}>
            {t('common:producer.expandAll')}
          </Button>
          <Button size="xs" variant="light" onClick={collapseAll} disabled={!root}>
            {t('common:producer.collapseAll')}
          </Button>
        </Group>
        {notice && (
          <Text size="sm" c="dimmed">
            {t('producer-team:expandAllCapped', cappedValues(notice))}
          </Text>
        )}
        {failure && (
          <Alert color="red" variant="light" role="alert" title={t('common:app.failFetchingData')}>
            {failure}
          </Alert>
        )}
        {rootQuery.isPending ? (
          <Loader size="sm" aria-label={t('producer-team:loading')} />
        ) : rootQuery.isError ? (
          <Alert color="red" variant="light" role="alert" title={t('common:app.failFetchingData')}>
            {rootQuery.error.message}
          </Alert>
        ) : (
          <>
            <Text id="team-tree-help" size="xs" c="dimmed">
              {t('producer-team:keyboardHelp')}
            </Text>
            {/*
              Each treeitem is named from its content. Browsers leave a nested group out of that name (Chromium names
              an open "Alex Lau" item "Alex Lau (A1001)", not its whole subtree), so no aria-label is set: one that
              repeats the row fails axe's label-content-name-mismatch, since the item's visible text includes its
              open children.
            */}
            <Tree
              data={data}
              tree={tree}
              expandOnClick={false}
              aria-label={t('common:producer.teamTree')}
              aria-describedby="team-tree-help"
              onKeyDown={onTreeKeyDown}
              renderNode={({ node, expanded, hasChildren, elementProps, isLoading }) => {
                const isMore = node.value.startsWith(MORE_PREFIX);
                return (
                  <Group
                    gap={6}
                    wrap="nowrap"
                    {...elementProps}
                    onClick={(event) => {
                      event.stopPropagation();
                      // The chevron opens and closes; the rest of the row chooses the producer.
                      if ((event.target as Element).closest('[data-tree-toggle]'))
                        tree.toggleExpanded(node.value);
                      else choose(node.value);
                    }}
                    style={{ ...elementProps.style, cursor: 'pointer' }}
                  >
                    {hasChildren ? (
                      <ChevronDownIcon
                        size={14}
                        data-tree-toggle
                        style={{ transform: expanded ? undefined : 'rotate(-90deg)' }}
                      />
                    ) : (
                      <span style={{ width: 14 }} />
                    )}
                    <Text size="sm" fs={isMore ? 'italic' : undefined} c={isMore ? 'blue' : undefined}>
                      {node.label}
                    </Text>
                    {isLoading && <Loader size={12} />}
                  </Group>
                );
              }}
            />
          </>
        )}
        <VisuallyHidden role="status" aria-live="polite">
          {announcement}
        </VisuallyHidden>
      </Stack>
    </Drawer>
  );
}
