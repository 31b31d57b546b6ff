import type { DepartmentSeed } from './catalog-seed.types.ts';

/** Uruguay's 19 departments in official id order (alphabetical); the capital is each list's first city. */
export const DEPARTMENTS: DepartmentSeed[] = [
  {
    idEstado: 1,
    estado: 'Artigas',
    ciudades: ['Artigas', 'Bella Unión', 'Tomás Gomensoro', 'Baltasar Brum'],
  },
  {
    idEstado: 2,
    estado: 'Canelones',
    ciudades: ['Canelones', 'Ciudad de la Costa', 'Las Piedras', 'Pando', 'Santa Lucía'],
  },
  { idEstado: 3, estado: 'Cerro Largo', ciudades: ['Melo', 'Río Branco', 'Fraile Muerto'] },
  {
    idEstado: 4,
    estado: 'Colonia',
    ciudades: ['Colonia del Sacramento', 'Carmelo', 'Juan Lacaze', 'Nueva Helvecia', 'Rosario'],
  },
  { idEstado: 5, estado: 'Durazno', ciudades: ['Durazno', 'Sarandí del Yí', 'Carmen'] },
  { idEstado: 6, estado: 'Flores', ciudades: ['Trinidad', 'Ismael Cortinas', 'Andresito'] },
  { idEstado: 7, estado: 'Florida', ciudades: ['Florida', 'Sarandí Grande', 'Casupá', 'Fray Marcos'] },
  { idEstado: 8, estado: 'Lavalleja', ciudades: ['Minas', 'José Pedro Varela', 'Solís de Mataojo'] },
  {
    idEstado: 9,
    estado: 'Maldonado',
    ciudades: ['Maldonado', 'Punta del Este', 'San Carlos', 'Piriápolis', 'Pan de Azúcar'],
  },
  // Montevideo is a single city-department.
  { idEstado: 10, estado: 'Montevideo', ciudades: ['Montevideo'] },
  { idEstado: 11, estado: 'Paysandú', ciudades: ['Paysandú', 'Guichón', 'Quebracho'] },
  { idEstado: 12, estado: 'Río Negro', ciudades: ['Fray Bentos', 'Young', 'Nuevo Berlín'] },
  { idEstado: 13, estado: 'Rivera', ciudades: ['Rivera', 'Tranqueras', 'Vichadero', 'Minas de Corrales'] },
  { idEstado: 14, estado: 'Rocha', ciudades: ['Rocha', 'Chuy', 'Castillos', 'Lascano', 'La Paloma'] },
  { idEstado: 15, estado: 'Salto', ciudades: ['Salto', 'Constitución', 'Belén'] },
  {
    idEstado: 16,
    estado: 'San José',
    ciudades: ['San José de Mayo', 'Ciudad del Plata', 'Libertad', 'Rodríguez'],
  },
  { idEstado: 17, estado: 'Soriano', ciudades: ['Mercedes', 'Dolores', 'Cardona', 'Palmitas'] },
  {
    idEstado: 18,
    estado: 'Tacuarembó',
    ciudades: ['Tacuarembó', 'Paso de los Toros', 'San Gregorio de Polanco'],
  },
  {
    idEstado: 19,
    estado: 'Treinta y Tres',
    ciudades: ['Treinta y Tres', 'Vergara', 'Santa Clara de Olimar'],
  },
];
