/** The users bench's people, also loaded by bench/lists-timing.ts: "Ana Bruno Souza 123". */
const FIRST = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elisa', 'Fábio', 'Gabriela', 'Hugo', 'Isabel', 'Júlio'];
const LAST = [
  'Silva',
  'Santos',
  'Oliveira',
  'Souza',
  'Lima',
  'Pereira',
  'Costa',
  'Rocha',
  'Almeida',
  'Nunes',
];

/**
 * User `i`: one name in ten has each first name, second name and surname, each drawn from its own
 * digit of `i`, so a surname is spread over every first name as in a real company (and over the
 * list's name order); 1 in 5 is support, 1 in 20 deactivated.
 */
export function benchUser(i: number, senha: string, now: string) {
  return {
    nome: `${FIRST[i % 10]} ${FIRST[Math.floor(i / 10) % 10]} ${LAST[Math.floor(i / 100) % 10]} ${i}`,
    senha,
    matricula: String(100_000 + i),
    cpf: String(10_000_000_000 + i),
    email: null,
    tell: null,
    filial: 'Matriz',
    privilegio: 3,
    suport: i % 5 === 0 ? 1 : 0,
    admin: 0,
    active: i % 20 === 0 ? 0 : 1,
    created_at: now,
    updated_at: now,
  };
}
