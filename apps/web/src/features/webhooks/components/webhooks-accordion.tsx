export function WebhooksAccordion(_props: { resourceId: number }) {
  return null;
}
