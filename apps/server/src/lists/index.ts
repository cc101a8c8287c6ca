export { containsPattern } from './like-pattern.js';
export { listExportQuery, listStatement } from './list-sql.js';
export { type ListPage, listPageQueries, type RunListOptions, runList } from './run-list.js';
export {
  type ContractList,
  type CriteriaOf,
  defineServerList,
  type ItemOf,
  type ListSource,
  type ServerListDefinition,
  type SortExpression,
} from './server-list.js';
