import type { SiteCode } from '@portal/contract';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { producerAccountScope } from '../../db/access-scopes.js';
import type { Db } from '../../db/client.js';
import { joinPlanCatalog } from '../../db/plan-catalog.js';
import {
  applicationApplicants,
  applicationStageHistory,
  applications,
  clientDocuments,
  clients,
  followupTypes,
  policies,
  producers,
  products,
  providers,
  serviceRecords,
  statementAccounts,
} from '../../db/schema/index.js';
import type { TeamScope } from '../../db/team-scope.js';

/*
 * SQL of the producer detail modals, client documents and producer statement access. Each record query is a
 * primary-key lookup restricted to the caller's site; whether its producer is in the caller's team is decided by
 * the service (one closure-table probe), so a missing id and a foreign one take the same path to 404.
 */

const owner = alias(clients, 'owner');
const jointOwner = alias(clients, 'joint_owner');

/** One application with its product, provider, client and producer (caaId). */
export async function selectApplication(db: Db, id: number, siteCode: SiteCode) {
  const [row] = await db
    .select({
      id: applications.id,
      producerId: applications.producerId,
      category: applications.category,
      actionType: applications.actionType,
      policyNo: applications.policyNo,
      productName: products.name,
      productCode: products.code,
      hasRiders: applications.hasRiders,
      providerName: providers.name,
      clientName: owner.fullName,
      clientNo: owner.clientNo,
      insuredName: applications.insuredName,
      modalPremium: applications.modalPremium,
      currency: applications.currency,
      commenceDate: applications.commenceDate,
      receivedDate: applications.receivedDate,
      sentDate: applications.sentDate,
      stage: applications.stage,
      producerName: producers.name,
      producerCode: producers.code,
    })
    .from(applications)
    .innerJoin(products, eq(products.id, applications.productId))
    .innerJoin(providers, eq(providers.id, products.providerId))
    .innerJoin(owner, eq(owner.id, applications.clientId))
    .innerJoin(producers, eq(producers.id, applications.producerId))
    .where(and(eq(applications.id, id), eq(applications.siteCode, siteCode)))
    .limit(1);
  return row;
}

export async function selectApplicants(db: Db, applicationId: number) {
  return db
    .select({
      position: applicationApplicants.position,
      givenName: applicationApplicants.givenName,
      surname: applicationApplicants.surname,
      birthOn: applicationApplicants.birthOn,
    })
    .from(applicationApplicants)
    .where(eq(applicationApplicants.applicationId, applicationId))
    .orderBy(asc(applicationApplicants.position));
}

/**
 * Every stage the application entered, oldest first (application_stage_history_application_idx). Requirement changes
 * dated in the same history (decision 053) are the checklist's, not stages.
 */
export async function selectStageHistory(db: Db, applicationId: number) {
  return db
    .select({
      stage: applicationStageHistory.stage,
      changedAt: applicationStageHistory.changedAt,
      note: applicationStageHistory.note,
    })
    .from(applicationStageHistory)
    .where(
      and(
        eq(applicationStageHistory.applicationId, applicationId),
        isNull(applicationStageHistory.requirementId),
      ),
    )
    .orderBy(asc(applicationStageHistory.changedAt), asc(applicationStageHistory.id));
}

/** One service record with its plan, client and consultant (followupId). */
export async function selectServiceRecord(db: Db, id: number, siteCode: SiteCode) {
  const [row] = await db
    .select({
      id: serviceRecords.id,
      producerId: serviceRecords.producerId,
      uniqueId: serviceRecords.uniqueId,
      category: serviceRecords.category,
      typeId: serviceRecords.typeId,
      typeName: followupTypes.name,
      status: serviceRecords.status,
      subject: serviceRecords.subject,
      details: serviceRecords.details,
      createdDate: serviceRecords.createdDate,
      completedDate: serviceRecords.completedDate,
      planNo: policies.planNo,
      productName: products.name,
      clientName: owner.fullName,
      clientNo: owner.clientNo,
      insuredName: policies.insuredName,
      producerName: producers.name,
      producerCode: producers.code,
    })
    .from(serviceRecords)
    .innerJoin(followupTypes, eq(followupTypes.id, serviceRecords.typeId))
    .innerJoin(policies, eq(policies.id, serviceRecords.policyId))
    .innerJoin(products, eq(products.id, policies.productId))
    .innerJoin(owner, eq(owner.id, policies.ownerClientId))
    .innerJoin(producers, eq(producers.id, serviceRecords.producerId))
    .where(and(eq(serviceRecords.id, id), eq(serviceRecords.siteCode, siteCode)))
    .limit(1);
  return row;
}

/** A Clients row's plan (capId = policy id) with its owner's contacts and the servicing producer. */
export async function selectClientPlan(db: Db, policyId: number, siteCode: SiteCode) {
  const query = db
    .select({
      id: policies.id,
      producerId: policies.servicingProducerId,
      planNo: policies.planNo,
      category: policies.category,
      statusCode: policies.statusCode,
      productName: products.name,
      providerName: providers.name,
      currency: policies.currency,
      modalPremium: policies.modalPremium,
      sumInsured: policies.sumInsured,
      commenceDate: policies.commenceDate,
      paymentFrequency: policies.paymentFrequency,
      policyTerm: policies.policyTerm,
      payTerm: policies.payTerm,
      insuredName: policies.insuredName,
      beneficiaryName: policies.beneficiaryName,
      jointOwnerName: jointOwner.fullName,
      clientName: owner.fullName,
      clientNo: owner.clientNo,
      clientId: owner.id,
      phones: owner.phones,
      emails: owner.emails,
      residentialAddress: owner.residentialAddress,
      correspondenceAddress: owner.correspondenceAddress,
      producerName: producers.name,
      producerCode: producers.code,
    })
    .from(policies)
    .$dynamic();
  const [row] = await joinPlanCatalog(query)
    .innerJoin(owner, eq(owner.id, policies.ownerClientId))
    .leftJoin(jointOwner, eq(jointOwner.id, policies.jointOwnerClientId))
    .innerJoin(producers, eq(producers.id, policies.servicingProducerId))
    .where(and(eq(policies.id, policyId), eq(policies.siteCode, siteCode)))
    .limit(1);
  return row;
}

/** The statement account `accountNo` when the scope may read it (statement_accounts_account_no_uq). */
export async function selectReadableAccountByNo(db: Db, scope: TeamScope, accountNo: string) {
  const [row] = await db
    .select({
      id: statementAccounts.id,
      accountNo: statementAccounts.accountNo,
      clientId: statementAccounts.clientId,
    })
    .from(statementAccounts)
    .innerJoin(clients, eq(clients.id, statementAccounts.clientId))
    .where(
      and(
        eq(statementAccounts.accountNo, accountNo),
        eq(clients.siteCode, scope.caller.siteCode),
        producerAccountScope(scope),
      ),
    )
    .limit(1);
  return row;
}

/** A tree of one account has tens of nodes; the cap bounds a corrupt data load. */
const MAX_DOCUMENT_NODES = 2000;

/** Every folder and file of an account's document tree (client_documents_account_idx). */
export async function selectDocumentNodes(db: Db, accountNo: string) {
  return db
    .select({
      id: clientDocuments.id,
      parentId: clientDocuments.parentId,
      kind: clientDocuments.kind,
      name: clientDocuments.name,
      sortOrder: clientDocuments.sortOrder,
    })
    .from(clientDocuments)
    .where(eq(clientDocuments.accountNo, accountNo))
    .orderBy(asc(clientDocuments.sortOrder), asc(clientDocuments.name), asc(clientDocuments.id))
    .limit(MAX_DOCUMENT_NODES);
}

/** One file node of an account (a folder or another account's node is absent). */
export async function selectDocumentFile(db: Db, accountNo: string, nodeId: number) {
  const [row] = await db
    .select({ name: clientDocuments.name, fileKey: clientDocuments.fileKey })
    .from(clientDocuments)
    .where(
      and(
        eq(clientDocuments.id, nodeId),
        eq(clientDocuments.accountNo, accountNo),
        eq(clientDocuments.kind, 'file'),
      ),
    )
    .limit(1);
  return row;
}
