/** German: the demo catalogue of seed-catalog.ts, for installations whose DEFAULT_LOCALE is de. */
export const ITEMS = `
# Furniture
Mid-Century Beistelltisch aus Nussbaum | 60-140 | Massives Nussbaumholz mit konischen Beinen. Ein paar leichte Ränder auf der Platte, sonst stabil und wunderschön.
IKEA Kallax Regal 4x4, weiß | 40-80 | 16 Fächer, bereits aufgebaut. Zum Abholen braucht man zwei Personen und einen Transporter oder Kombi.
Samtsessel in Smaragdgrün | 90-220 | Dunkelgrüner Samt, sehr bequem. Keine Risse oder Flecken, die Polster sind noch fest.
Esstisch im Landhausstil mit 4 Stühlen | 150-380 | Mit der Bank haben sechs Personen Platz. Ein paar Gebrauchsspuren auf der Tischplatte, die ihm Charakter geben.
Barhocker aus Rattan (2 Stück) | 50-110 | Thekenhöhe, Sitzhöhe 66 cm. Letztes Jahr gekauft, wir ziehen um und können sie nicht mitnehmen.
Eichenkommode mit 6 Schubladen | 120-260 | Schwer, Eiche massiv, die Schubladen laufen leicht. Originale Messinggriffe.
Chesterfield Ledersofa, cognac | 300-650 | Dreisitzer mit schöner Patina. Tierfreier Haushalt.
Schaukelstuhl aus Bugholz | 45-95 | Klassisches Design, Wiener Geflecht in gutem Zustand. Schaukelt leise, ohne Knarzen.
# Clothes
Vintage Levi's 501 Jeans W32 | 35-75 | Made in USA, mittlere Waschung, Knopfleiste. Nach dem Kürzen L30.
Patagonia Better Sweater Fleece, Gr. M | 40-70 | Grau meliert mit kurzem Reißverschluss, kaum getragen. Keine Knötchen.
Cabanjacke aus Wolle, navy, Gr. 50 | 45-90 | Warm und gut geschnitten, alle Knöpfe vorhanden. Diesen Herbst in der Reinigung gewesen.
Wickelkleid mit Blumenmuster, Gr. S | 15-35 | Leichte Viskose, perfekt für den Sommer. Zweimal getragen.
Carhartt Arbeitsjacke aus Canvas, Gr. L | 50-95 | Braunes Duck Canvas mit Deckenfutter. Eingetragen, aber keine Löcher.
Kaschmirpullover mit Rundhals, beige | 35-80 | 100 % Kaschmir, Gr. M. Nur von Hand gewaschen, sehr weich.
90er Windbreaker im Color-Block-Look | 25-55 | Petrol, Lila und Schwarz. Unisex Gr. L, Reißverschluss funktioniert einwandfrei.
Schneeanzug für Kinder, Gr. 104 | 15-30 | Wasserdicht, eine Saison getragen. Mit Kapuze und Fäustlingen.
# Shoes
Nike Air Max 90, Gr. 44 | 60-120 | Farbe Infrared, nur ein paar Mal getragen. Mit Originalkarton.
Dr. Martens 1460 Boots, Gr. 41 | 55-100 | Cherry Red, Glattleder, schon eingelaufen (das Schlimmste ist also geschafft).
Red Wing Iron Ranger Boots, Gr. 43 | 140-220 | Amber Harness Leder, einmal neu besohlt. Halten noch viele Jahre.
Birkenstock Arizona Sandalen, Gr. 39 | 35-65 | Taupe Veloursleder, Fußbett eingelaufen, aber sauber.
Converse Chuck 70 High Tops, Gr. 42,5 | 30-55 | Canvas in Parchment (Cremeweiß), kaum getragen.
Salomon Trailrunning-Schuhe, Gr. 45 | 40-80 | Speedcross, Profil noch gut. Ideal für matschige Waldwege.
Penny Loafer aus Leder, cordovan, Gr. 44 | 45-90 | Mit neuen Absatzflecken. Geputzt und bereit zum Tragen.
# Hats
Stetson Cowboyhut aus Filz, Gr. 58 | 80-160 | Silverbelly 4X Biberfilz, mit Originalschachtel.
Vintage FC St. Pauli Snapback | 20-45 | Späte 80er, Wollmischung. Druckknopfverschluss intakt.
Fedora aus Wolle, anthrazit | 25-50 | Ripsband, Gr. M. Knautschbar, ideal für Reisen.
Handgestrickte Mütze, senfgelb | 12-25 | Merinowolle mit grobem Rippenmuster. Von einer Strickerin hier aus der Gegend.
Panamahut aus Stroh | 30-60 | Echtes Toquilla-Stroh, Gr. L. Perfekt für den Flohmarkt im Sommer.
Bucket Hat aus Cord | 10-22 | Waldgrün, unisex. Wie neu.
# Vintage
Polaroid SX-70 Land Camera | 120-240 | Mit frischem Film getestet, Auslöser funktioniert und die Walzen sind sauber. Leder in gutem Zustand.
Pyrex Butterprint Rührschüsseln | 45-90 | Dreierset, türkis auf weiß. Keine Abplatzer, leichte Besteckspuren.
Technics Plattenspieler SL-1200 | 350-600 | Funktioniert einwandfrei, neuer Tonabnehmer und neue Slipmat. Haube mit leichten Kratzern.
Telefon mit Wählscheibe, avocadogrün | 30-65 | Western Electric, funktioniert mit Adapter an einem modernen Anschluss.
Kiste mit Schallplatten aus den 70ern | 60-140 | Ca. 40 LPs: Fleetwood Mac, Carole King, Stevie Wonder und mehr. Hüllen abgenutzt, Platten laufen gut.
Schwinn Collegiate Fahrrad, Baujahr 1978 | 150-280 | Verchromte Schutzbleche, 5-Gang. Neue Reifen und Schläuche, fährt super.
Messing-Schreibtischlampe mit grünem Schirm | 35-70 | Bankerlampe, neu verkabelt, mit neuer Zugkette.
# Antiques
Viktorianische Kaminuhr | 90-200 | Gehäuse aus schwarzem Schiefer, geht genau, wenn sie aufgezogen ist. Schlüssel dabei.
Gusseisenpfanne, Griswold Nr. 8 | 60-120 | Kleines Logo, liegt plan auf. Entrostet und neu eingebrannt.
Handbemaltes Teeservice aus Porzellan | 75-160 | Teekanne, Zuckerdose, Milchkännchen und sechs Tassen mit Untertassen. Goldränder intakt.
Karteischrank aus Eiche, 15 Schubladen | 400-850 | Seltenes Stück aus einer Bibliothek, originale Beschläge. Super für Bastelkram oder Unterlagen.
Kupfer-Wasserkessel mit verzahnter Naht | 40-85 | Schöne Patina, keine Dellen. Als Deko oder vorsichtig auch zum Benutzen.
Teller aus Depression Glass (Set) | 35-70 | Rosa, acht Speiseteller. Ein paar mit winzigen Abplatzern am Rand.
Dampferkoffer mit Ledergriffen | 120-260 | Anfang 1900er, innen ausgekleidet, mit Einsatz. Macht sich super als Couchtisch.
# Artwork
Abstraktes Ölgemälde, 60x90 cm | 80-220 | Blau- und Ockertöne, von einer Künstlerin aus der Region. Hinten signiert, fertig zum Aufhängen.
Vintage Reiseplakat mit Rahmen | 25-55 | Reproduktion eines alten Sylt-Plakats im schwarzen Rahmen, 45x60 cm.
Aquarell vom Seeufer | 60-140 | Original, mit Passepartout hinter Glas gerahmt. 40x50 cm.
Keramikvase mit gesprenkelter Glasur | 30-70 | Handgedreht, 28 cm hoch. Wasserdicht.
3 botanische Drucke im Set | 30-60 | Farne und Wildblumen, Goldrahmen 28x35 cm.
Siebdruck-Konzertplakat | 35-90 | Limitierte Auflage, nummeriert 45/100. Ungerahmt, flach gelagert.
# Tools
DeWalt 18V Akkuschrauber mit 2 Akkus | 70-130 | Bohrschrauber, Ladegerät und Tasche dabei. Beide Akkus halten die Ladung.
Craftsman Werkzeugkoffer, 230-tlg. | 80-150 | Nüsse in Zoll und metrisch. Nur ein paar fehlen.
Stanley Nr. 5 Handhobel | 35-70 | Geschärft und eingestellt, glatte Sohle. Sofort einsatzbereit.
Werner Stehleiter aus GFK, 1,80 m | 40-75 | Ein paar Farbkleckse auf den Stufen, absolut stabil.
Honda Rasenmäher mit Radantrieb | 150-280 | Springt beim ersten Zug an, neues Messer und Öl im Frühjahr.
Makita Handkreissäge | 45-85 | 184 mm, mit Kabel. Neues Sägeblatt dabei.
Lochwand mit Handwerkzeug | 30-70 | Hämmer, Schraubendreher, Zangen und Zwingen. Umzugsverkauf, nur alles zusammen.
# Appliances
KitchenAid Küchenmaschine, rot | 150-260 | Artisan 4,8 l, mit Knethaken, Schneebesen und Flachrührer. Läuft wie neu.
Nespresso Vertuo Kaffeemaschine | 50-100 | Entkalkt und sauber, mit Milchaufschäumer.
Dyson V8 Akkusauger | 90-170 | Akku hält ca. 25 Minuten. Alle Aufsätze dabei.
Instant Pot Duo, 5,7 Liter | 35-60 | Ein paar Mal benutzt, mit Ersatz-Dichtungsring.
Fensterklimagerät, 2,3 kW | 90-160 | Kühlt ein Schlafzimmer schnell runter, Fernbedienung dabei.
Retro Toaster für 2 Scheiben, Chrom | 15-35 | Breite Schlitze, bräunt gleichmäßig.
Mini-Kühlschrank, 88 Liter | 60-110 | Leise, mit kleinem Gefrierfach. Perfekt fürs WG-Zimmer.
# Jewelry
Silberring mit Türkis, Gr. 54 | 40-110 | Navajo-Stil, 925 gestempelt. Frisch poliert.
Vintage Seiko Automatikuhr | 120-260 | Letztes Jahr revidiert, läuft genau. Neues Lederarmband.
Süßwasserperlenkette | 35-80 | 45 cm lang, Verschluss aus Sterlingsilber.
Goldfarbene Statement-Ohrringe | 10-25 | Modeschmuck, leicht und angenehm zu tragen.
Freundschaftsarmbänder aus Perlen (5 Stück) | 8-20 | Handgemacht, mit Gummiband. Bunt gemischt.
Art-déco-Brosche mit Strasssteinen | 25-60 | Alle Steine vorhanden, Nadel stabil.
`;

export const TITLE_DETAILS: readonly string[] = [
  '- wie neu',
  '- kaum benutzt',
  '- top Zustand',
  '- Umzugsverkauf',
  '- muss diese Woche weg',
  '- funktioniert einwandfrei',
  '- leichte Gebrauchsspuren',
  '- Schnäppchen',
  '- Nichtraucherhaushalt',
  '- kleine Macken',
  '- heute abholbar',
  '- aus erster Hand',
  '- gut gepflegt',
  '- kaum getragen',
  '- wir verkleinern uns',
  '- habe zwei davon',
];

export const DESCRIPTION_ENDINGS: readonly string[] = [
  'Nichtraucherhaushalt.',
  'Nur Abholung, bar oder PayPal.',
  'Übergabe gern an einem öffentlichen Ort in der Nähe.',
  'Festpreis.',
  'Vernünftige Preisvorschläge sind willkommen.',
  'Bei Fragen einfach melden!',
  'Abholung abends und am Wochenende möglich.',
  '',
];
