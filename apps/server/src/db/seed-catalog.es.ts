/** Spanish: the demo catalogue of seed-catalog.ts, for installations whose DEFAULT_LOCALE is es. */
export const ITEMS = `
# Furniture
Mesita auxiliar de nogal estilo mid-century | 60-140 | Nogal macizo con patas cónicas. Un par de marcas leves de vasos encima, por lo demás robusta y preciosa.
Estantería IKEA Kallax 4x4, blanca | 40-80 | Dieciséis huecos, ya montada. Hacen falta dos personas y una furgoneta.
Butaca de terciopelo verde esmeralda | 90-220 | Terciopelo verde oscuro, muy cómoda. Sin rotos ni manchas; los cojines siguen firmes.
Mesa de comedor rústica con 4 sillas | 150-380 | Con el banco caben seis. Algunas marcas de uso en el tablero que le dan carácter.
Pareja de taburetes altos de ratán | 50-110 | Altura de encimera, asiento a 66 cm. Comprados el año pasado; me mudo y no me los puedo llevar.
Cómoda de roble con 6 cajones | 120-260 | Roble macizo, pesa bastante; los cajones se deslizan suaves. Tiradores de latón originales.
Sofá chester de piel, color coñac | 300-650 | Tres plazas, con la pátina del uso. Casa sin mascotas.
Mecedora de madera curvada | 45-95 | Diseño clásico, asiento de rejilla en buen estado. Se mece suave y sin crujidos.
# Clothes
Vaqueros Levi's 501 vintage W32 | 35-75 | Made in USA, lavado medio, bragueta de botones. Largo L30 después de cogerles el bajo.
Forro polar Patagonia Better Sweater, talla M | 40-70 | Gris jaspeado con media cremallera, apenas usado. Sin bolitas.
Chaquetón marinero de lana, azul marino, talla 50 | 45-90 | Abriga y tiene buena estructura, no le falta ningún botón. Pasado por la tintorería este otoño.
Vestido cruzado de flores, talla S | 15-35 | Viscosa ligera, perfecto para el verano. Puesto dos veces.
Chaqueta de trabajo Carhartt de lona, talla L | 50-95 | Lona marrón tipo duck con forro de manta. Ya domada, pero sin agujeros.
Jersey de cachemira de cuello redondo, beige | 35-80 | 100 % cachemira, talla M. Lavado siempre a mano, muy suave.
Cortavientos noventero color block | 25-55 | Verde azulado, morado y negro. Unisex talla L, la cremallera va perfecta.
Mono de nieve infantil, talla 4 años | 15-30 | Impermeable, usado una temporada. Incluye capucha y manoplas.
# Shoes
Nike Air Max 90, talla 44 | 60-120 | Color Infrared, puestas muy pocas veces. Con su caja.
Botas Dr. Martens 1460, talla 41 | 55-100 | Piel lisa Cherry Red, ya domadas (lo más duro ya está hecho).
Botas Red Wing Iron Ranger, talla 43 | 140-220 | Piel Amber Harness, cambiadas las suelas una vez. Les queda mucha vida.
Sandalias Birkenstock Arizona, talla 39 | 35-65 | Ante color topo, plantilla ya adaptada al pie pero limpia.
Converse Chuck 70 altas, talla 42,5 | 30-55 | Lona color Parchment (crudo), poco uso.
Zapatillas de trail Salomon, talla 45 | 40-80 | Speedcross, a la suela le queda buen taco. Ideales para caminos embarrados.
Mocasines de piel color cordobán, talla 44 | 45-90 | Penny loafers con tapas nuevas en los tacones. Limpios y listos para usar.
# Hats
Sombrero vaquero Stetson de fieltro, talla 58 | 80-160 | Fieltro de castor 4X color Silverbelly, con su caja original.
Gorra snapback vintage del Real Betis | 20-45 | Finales de los 80, mezcla de lana. El cierre de broches funciona.
Fedora de lana, gris marengo | 25-50 | Cinta de grosgrain, talla M. Se puede plegar para viajar.
Gorro de punto hecho a mano, mostaza | 12-25 | Lana merino con canalé grueso. Hecho por una artesana de la zona.
Sombrero panamá de paja | 30-60 | Auténtica paja toquilla, talla L. Perfecto para los mercadillos de verano.
Gorro bucket de pana | 10-22 | Verde bosque, unisex. Como nuevo.
# Vintage
Polaroid SX-70 Land Camera | 120-240 | Probada con película nueva, dispara y los rodillos están limpios. El cuero en buen estado.
Cuencos Pyrex Butterprint para mezclar | 45-90 | Juego de tres, turquesa sobre blanco. Sin desconchones; marcas leves de cubiertos.
Tocadiscos Technics SL-1200 | 350-600 | Funciona perfecto, cápsula y slipmat nuevas. La tapa tiene algunos arañazos leves.
Teléfono de disco, verde aguacate | 30-65 | Western Electric, funciona con un adaptador en una línea actual.
Caja de vinilos de los 70 | 60-140 | Unos 40 LPs: Fleetwood Mac, Carole King, Stevie Wonder y más. Fundas gastadas, los discos suenan bien.
Bicicleta Schwinn Collegiate de 1978 | 150-280 | Guardabarros cromados, cinco velocidades. Cubiertas y cámaras nuevas, va genial.
Lámpara de escritorio de latón, pantalla verde | 35-70 | Lámpara de banquero, con cableado nuevo y cadenita nueva.
# Antiques
Reloj de chimenea victoriano | 90-200 | Caja de pizarra negra, da bien la hora si se le da cuerda. Incluye la llave.
Sartén de hierro fundido Griswold n.º 8 | 60-120 | Logo pequeño, asienta plana. Decapada y curada de nuevo.
Juego de té de porcelana pintado a mano | 75-160 | Tetera, azucarero, lechera y seis tazas con platillo. Los bordes dorados, intactos.
Fichero de biblioteca de roble, 15 cajones | 400-850 | Pieza difícil de encontrar, herrajes originales. Genial para manualidades o papeles.
Hervidor de cobre con juntas de cola de milano | 40-85 | Bonita pátina, sin abolladuras. Para decorar o para usar con cuidado.
Juego de platos de Depression glass | 35-70 | Rosa, ocho platos llanos. Un par con mini desconchones en el borde.
Baúl de viaje con asas de cuero | 120-260 | Principios del siglo XX, forrado por dentro y con bandeja. Queda genial como mesa de centro.
# Artwork
Óleo abstracto, 60x90 cm | 80-220 | Azules y ocres, de una artista local. Firmado por detrás, listo para colgar.
Cartel de viajes vintage enmarcado | 25-55 | Reproducción de un cartel antiguo de turismo de Mallorca, marco negro, 45x60 cm.
Acuarela de la orilla del lago | 60-140 | Original, con paspartú y enmarcada con cristal. 40x50 cm.
Jarrón de cerámica artesanal, esmalte moteado | 30-70 | Hecho a torno, 28 cm de alto. No pierde agua.
Set de 3 láminas botánicas | 30-60 | Helechos y flores silvestres, marcos dorados de 28x35 cm.
Cartel de concierto serigrafiado | 35-90 | Edición limitada, numerado 45/100. Sin enmarcar, guardado en plano.
# Tools
Taladro DeWalt 18V con 2 baterías | 70-130 | Taladro atornillador, cargador y bolsa incluidos. Las dos baterías aguantan la carga.
Maletín de herramientas Craftsman, 230 piezas | 80-150 | Vasos en pulgadas y métricos. Solo faltan un par.
Cepillo de carpintero Stanley n.º 5 | 35-70 | Afilado y ajustado, base lisa. Listo para trabajar.
Escalera de fibra de vidrio Werner, 1,80 m | 40-75 | Algo de pintura en los peldaños, totalmente sólida.
Cortacésped autopropulsado Honda | 150-280 | Arranca al primer tirón, cuchilla y aceite nuevos esta primavera.
Sierra circular Makita | 45-85 | 184 mm, con cable. Incluye disco nuevo.
Panel perforado con herramientas variadas | 30-70 | Martillos, destornilladores, alicates y sargentos. Me mudo, se vende todo junto.
# Appliances
Batidora amasadora KitchenAid, roja | 150-260 | Artisan de 4,8 l, con gancho amasador, varillas y pala. Funciona como nueva.
Cafetera Nespresso Vertuo | 50-100 | Descalcificada y limpia, incluye espumador de leche.
Aspiradora sin cable Dyson V8 | 90-170 | La batería dura unos 25 minutos. Todos los accesorios incluidos.
Instant Pot Duo, 5,7 litros | 35-60 | Usada pocas veces, con junta de repuesto.
Aire acondicionado de ventana, 2000 frigorías | 90-160 | Enfría un dormitorio en nada, incluye mando.
Tostadora retro de 2 ranuras, cromada | 15-35 | Ranuras anchas, tuesta uniforme.
Mini nevera de 88 litros | 60-110 | Silenciosa, con pequeño congelador. Perfecta para un piso de estudiantes.
# Jewelry
Anillo de plata con turquesa, talla 14 | 40-110 | Estilo navajo, con punzón 925. Recién pulido.
Reloj automático Seiko vintage | 120-260 | Revisado el año pasado, va en hora. Correa de piel nueva.
Collar de perlas de agua dulce | 35-80 | Vuelta de 45 cm con cierre de plata de ley.
Pendientes grandes en tono dorado | 10-25 | Bisutería, ligeros y cómodos.
Pack de 5 pulseras de la amistad con cuentas | 8-20 | Hechas a mano, con hilo elástico. Colores variados.
Broche art déco con strass | 25-60 | No le falta ninguna piedra, el cierre aguanta bien.
`;

export const TITLE_DETAILS: readonly string[] = [
  '- en estado impecable',
  '- muy poco uso',
  '- en muy buen estado',
  '- por mudanza',
  '- urge vender',
  '- funciona perfecto',
  '- con algo de uso',
  '- a precio de chollo',
  '- casa sin fumadores',
  '- con algún roce',
  '- recogida hoy mismo',
  '- de primera mano',
  '- se ha cuidado mucho',
  '- casi sin estrenar',
  '- por falta de espacio',
  '- tengo dos',
];

export const DESCRIPTION_ENDINGS: readonly string[] = [
  'Casa sin fumadores.',
  'Solo recogida en mano, efectivo o Bizum.',
  'Podemos quedar en un sitio público cerca.',
  'Precio no negociable.',
  'Acepto ofertas razonables.',
  'Cualquier duda, escríbeme.',
  'Disponible por las tardes y los fines de semana.',
  '',
];
