import { Alert, Button, Group, List, Select, Stack } from '@mantine/core';
import { type StaffCase, type Stage, type StageRefusal, siteCapabilities } from '@portal/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-error';
import { useSiteInfo } from '../../../lib/session';
import { useChangeStage } from '../api/case-review-api';

/**
 * Moves a case to another stage of the site. The server applies the stage rule (no issued stage while a mandatory
 * item is open); its refusal lists those items here, in words.
 */
export function StageChangeForm({ staffCase }: { staffCase: StaffCase }) {
  const { t } = useTranslation(['case-review', 'domain']);
  const site = useSiteInfo();
  const change = useChangeStage(staffCase.id);
  const [stage, setStage] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<StageRefusal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const choices = siteCapabilities(site.siteCode).stages.filter((s) => s !== staffCase.stage);

  function submit(event: FormEvent) {
    event.preventDefault();
    setRefusal(null);
    setError(null);
    setDone('');
    if (!stage) return setError(t('stage.required'));
    change.mutate(Number(stage) as Stage, {
      onSuccess: () => {
        setDone(t('stage.moved', { stage: t(`domain:stage.${stage}`) }));
        setStage(null);
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.status === 409) setRefusal(failure.body as StageRefusal);
        else setError(isApiError(failure) ? failure.message : t('case.failed'));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('stage.formName')}>
      <Stack gap="xs">
        {refusal && (
          <Alert color="red" variant="light" role="alert" title={refusal.error}>
            <List size="sm">
              {refusal.openRequirements.map((item) => (
                <List.Item key={item.id}>
                  {t('stage.openItem', {
                    item: t(`domain:requirementType.${item.type}`),
                    status: t(`domain:requirementStatus.${item.status}`),
                  })}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label={t('stage.label')}
            placeholder={t('stage.placeholder')}
            data={choices.map((value) => ({ value: String(value), label: t(`domain:stage.${value}`) }))}
            value={stage}
            onChange={setStage}
            allowDeselect={false}
            w={{ base: '100%', sm: 380 }}
          />
          <Button type="submit" loading={change.isPending}>
            {t('stage.submit')}
          </Button>
        </Group>
        <div role="status">{done}</div>
      </Stack>
    </form>
  );
}
