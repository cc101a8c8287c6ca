import { Alert, Anchor, Button, Group, List, Modal, Stack, Table, Text, Textarea } from '@mantine/core';
import { type Requirement, type RequirementDecision, type StaffCase, staffMayMove } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequirementName, RequirementStatusText } from '../../../components/cases/RequirementText';
import { FetchError } from '../../../components/FetchError';
import { LoadingState } from '../../../components/LoadingState';
import { isApiError } from '../../../lib/api-error';
import { formatDate } from '../../../lib/format';
import { documentUrl, staffCaseQuery, useDecideRequirement } from '../api/case-review-api';
import { StageChangeForm } from './StageChangeForm';

type Decision = RequirementDecision['status'];
const DECISIONS: Decision[] = ['under_review', 'accepted', 'rejected', 'waived'];
const NEEDS_REASON: readonly Decision[] = ['rejected', 'waived'];

/**
 * One case as the office reviews it: its facts, every requirement with who owes it, its status and documents, the
 * decisions the item's status allows (a rejection or a waiver asks for a reason first), and the stage change.
 */
export function CaseReviewModal({ applicationId, onClose }: { applicationId: number; onClose: () => void }) {
  const { t } = useTranslation(['case-review', 'domain']);
  const found = useQuery(staffCaseQuery(applicationId));
  const title = found.data
    ? t('case.title', { case: found.data.planNo ?? `#${found.data.id}`, client: found.data.clientName ?? '' })
    : t('case.loadingTitle');
  return (
    <Modal opened onClose={onClose} title={title} size="xl">
      {found.isPending ? (
        <LoadingState label={t('case.loading')} />
      ) : found.isError ? (
        <FetchError error={found.error} onRetry={() => found.refetch()} />
      ) : (
        <CaseBody staffCase={found.data} />
      )}
    </Modal>
  );
}

function CaseBody({ staffCase }: { staffCase: StaffCase }) {
  const { t } = useTranslation(['case-review', 'domain']);
  const decide = useDecideRequirement();
  const [asking, setAsking] = useState<{ item: Requirement; status: Decision } | null>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const itemName = (item: Requirement) => t(`domain:requirementType.${item.type}`);

  const submit = (item: Requirement, status: Decision, withReason?: string) => {
    setError(null);
    decide.mutate(
      { id: item.id, decision: { status, ...(withReason ? { reason: withReason } : {}) } },
      {
        onSuccess: () => {
          setAsking(null);
          setReason('');
        },
        onError: (failure) => {
          if (!isApiError(failure)) return setError(t('case.failed'));
          const fields = Object.values(failure.fieldErrors).flat();
          setError(fields.length > 0 ? fields.join(' ') : failure.message);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        {[
          staffCase.productName,
          t('case.producer', { code: staffCase.producerCode }),
          t('case.stage', {
            stage: t(`domain:stage.${staffCase.stage}`),
            date: formatDate(staffCase.stageEnteredOn),
          }),
        ]
          .filter(Boolean)
          .join(' · ')}
      </Text>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {asking && (
        <Stack gap="xs" className="decision-reason">
          <Textarea
            label={t(`case.reasonFor.${asking.status}`, { item: itemName(asking.item) })}
            description={asking.status === 'rejected' ? t('case.rejectHint') : t('case.waiveHint')}
            required
            autoFocus
            rows={2}
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t('case.cancel')}
            </Button>
            <Button
              loading={decide.isPending}
              onClick={() =>
                reason.trim()
                  ? submit(asking.item, asking.status, reason.trim())
                  : setError(t('case.reasonRequired'))
              }
            >
              {t(`case.confirm.${asking.status}`)}
            </Button>
          </Group>
        </Stack>
      )}
      <Table.ScrollContainer minWidth={720}>
        <Table striped withTableBorder verticalSpacing="xs">
          <Table.Caption>{t('case.caption')}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('case.item')}</Table.Th>
              <Table.Th scope="col">{t('case.from')}</Table.Th>
              <Table.Th scope="col">{t('case.status')}</Table.Th>
              <Table.Th scope="col">{t('case.documents')}</Table.Th>
              <Table.Th scope="col">{t('case.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {staffCase.data.map((item) => {
              const documents = staffCase.documents[String(item.id)] ?? [];
              const moves = DECISIONS.filter((status) => staffMayMove(item.status, status));
              return (
                <Table.Tr key={item.id}>
                  <Table.Th scope="row" fw={500}>
                    <RequirementName item={item} />
                  </Table.Th>
                  <Table.Td>{t(`case.provider.${item.provider}`)}</Table.Td>
                  <Table.Td>
                    <RequirementStatusText item={item} />
                  </Table.Td>
                  <Table.Td>
                    {documents.length === 0 ? (
                      '—'
                    ) : (
                      <List size="sm" listStyleType="none" spacing={2}>
                        {documents.map((doc) => (
                          <List.Item key={doc.id}>
                            <Anchor href={documentUrl(item.id, doc.id)} download={doc.fileName}>
                              {doc.fileName}
                            </Anchor>
                          </List.Item>
                        ))}
                      </List>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      {moves.map((status) => (
                        <Button
                          key={status}
                          size="compact-xs"
                          variant={status === 'accepted' ? 'filled' : 'light'}
                          aria-label={t(`case.action.${status}For`, { item: itemName(item) })}
                          onClick={() =>
                            NEEDS_REASON.includes(status) ? setAsking({ item, status }) : submit(item, status)
                          }
                        >
                          {t(`case.action.${status}`)}
                        </Button>
                      ))}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <StageChangeForm staffCase={staffCase} />
    </Stack>
  );
}
