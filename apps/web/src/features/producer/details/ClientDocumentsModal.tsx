import {
  Group,
  getTreeExpandedState,
  Modal,
  type RenderTreeNodePayload,
  Stack,
  Text,
  Tree,
  type TreeNodeData,
  useTree,
} from '@mantine/core';
import type { DocumentNode } from '@portal/contract';
import { API_ROUTES } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, type ReactNode, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../../../components/download/useFileDownload';
import { ErrorPopup } from '../../../components/ErrorPopup';
import { LoadingState } from '../../../components/LoadingState';
import { documentTreeQuery } from './details-api';

export interface ClientDocumentsModalProps {
  /** The statement account whose documents to list; null = closed. */
  accountNo: string | null;
  onClose(): void;
}

/** Mantine tree data; a node's value is its filePath (the server's node id), files marked for the download. */
function toTreeData(nodes: DocumentNode[]): TreeNodeData[] {
  return nodes.map((node) => ({
    value: node.filePath,
    label: node.text,
    nodeProps: { 'data-kind': node.kind },
    children: node.kind === 'folder' ? toTreeData(node.children) : undefined,
  }));
}

function fileNames(nodes: DocumentNode[], into = new Map<string, string>()): Map<string, string> {
  for (const node of nodes) {
    if (node.kind === 'file') into.set(node.filePath, node.text);
    else fileNames(node.children, into);
  }
  return into;
}

/** The tree of one loaded list, every folder open at first (a client has a handful of documents). */
function DocumentTree({
  data,
  renderNode,
  onKeyDown,
  label,
}: {
  data: TreeNodeData[];
  renderNode: (payload: RenderTreeNodePayload) => ReactNode;
  onKeyDown: (event: KeyboardEvent<HTMLUListElement>) => void;
  label: string;
}) {
  const tree = useTree({ initialExpandedState: getTreeExpandedState(data, '*') });
  return (
    <Tree
      data={data}
      tree={tree}
      expandOnClick
      expandOnSpace
      renderNode={renderNode}
      onKeyDown={onKeyDown}
      aria-label={label}
      aria-describedby="documents-hint"
    />
  );
}

const FolderGlyph = ({ open }: { open: boolean }) => <span aria-hidden="true">{open ? '📂' : '📁'}</span>;
const FileGlyph = () => <span aria-hidden="true">📄</span>;

/**
 * The documents of one statement account (docs/producer/details.md): folders and files as a keyboard tree
 * (arrows move and open, Enter or a click on a file downloads it), "No file found." when there are none, and the
 * error pop-up with the server's text when the list cannot be had.
 */
export function ClientDocumentsModal({ accountNo, onClose }: ClientDocumentsModalProps) {
  const { t, i18n } = useTranslation('producer-details');
  const query = useQuery(documentTreeQuery(i18n.language, accountNo));
  const opened = accountNo !== null;
  const data = useMemo(() => toTreeData(query.data ?? []), [query.data]);
  const files = useMemo(() => fileNames(query.data ?? []), [query.data]);
  const { state, start } = useFileDownload('document.pdf');
  const [downloading, setDownloading] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<string | null>(null);

  useEffect(() => {
    if (state.phase === 'failed') setDownloadError(state.message);
  }, [state]);

  const download = (value: string) => {
    const name = files.get(value);
    if (!name || accountNo === null) return;
    setDownloading(name);
    void start(API_ROUTES.producerDetails.clientDocumentDownload.path, {
      account_no: accountNo,
      file: value,
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    if (event.key !== 'Enter') return;
    const item = (event.target as HTMLElement).closest<HTMLElement>('[role=treeitem]');
    const value = item?.dataset.value;
    if (value && files.has(value)) {
      event.preventDefault();
      download(value);
    }
  };
  const renderNode = ({ node, expanded, hasChildren, elementProps }: RenderTreeNodePayload) => {
    const isFile = files.has(node.value);
    return (
      <Group
        gap={6}
        wrap="nowrap"
        {...elementProps}
        onClick={(event) => {
          elementProps.onClick(event);
          if (isFile) download(node.value);
        }}
        style={{ cursor: 'pointer', minHeight: 32 }}
      >
        {hasChildren || !isFile ? <FolderGlyph open={expanded} /> : <FileGlyph />}
        <Text
          size="sm"
          td={isFile ? 'underline' : undefined}
          c={isFile ? 'blue.8' : undefined}
          style={{ overflowWrap: 'anywhere' }}
        >
          {isFile ? t('documents.fileLabel', { name: node.label }) : node.label}
        </Text>
      </Group>
    );
  };

  const status =
    downloading && state.phase === 'working'
      ? t('documents.downloading', { name: downloading })
      : downloading && state.phase === 'done'
        ? t('documents.downloaded', { name: downloading })
        : '';

  return (
    <>
      <Modal
        opened={opened && !query.isError}
        onClose={onClose}
        title={t('documents.title')}
        size="min(640px, 96vw)"
        closeButtonProps={{ 'aria-label': t('close') }}
        data-testid="documents-modal"
      >
        {query.isPending || query.data === undefined ? (
          <LoadingState label={t('loading')} />
        ) : query.data.length === 0 ? (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('documents.account', { accountNo })}
            </Text>
            <Text role="status">{t('documents.empty')}</Text>
          </Stack>
        ) : (
          <Stack gap="xs">
            <Text size="sm" c="dimmed">
              {t('documents.account', { accountNo })}
            </Text>
            <Text size="xs" c="dimmed" id="documents-hint">
              {t('documents.hint')}
            </Text>
            <DocumentTree
              data={data}
              renderNode={renderNode}
              onKeyDown={onKeyDown}
              label={t('documents.treeLabel', { accountNo })}
            />
            <Text size="xs" role="status" aria-live="polite" c="dimmed">
              {status}
            </Text>
          </Stack>
        )}
      </Modal>
      <ErrorPopup
        opened={opened && query.isError}
        onClose={onClose}
        title={t('documents.errorTitle')}
        error={query.error}
      />
      <ErrorPopup
        opened={downloadError !== null}
        onClose={() => setDownloadError(null)}
        title={t('documents.errorTitle')}
        error={downloadError}
      />
    </>
  );
}
