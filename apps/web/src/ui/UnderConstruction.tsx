export function UnderConstruction({ title }: { title: string }) {
  return <div>{title} em construção</div>;
}
