/** Every route of the web app, in one place: the domain's page table, which the API reads too. */
export { pagePaths as paths } from '@basha/domain';
