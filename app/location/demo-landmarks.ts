/**
 * The demo places' landmarks (issue 39): each place's centre (its own coordinates, which the demo
 * catalogue spreads its hotels around) and three to five real landmarks with their real
 * coordinates, as an editor would enter them. Pure data; the seed writes them through the back
 * office's own data module (app/location/landmarks.server.ts).
 */
import { DEMO_PLACES, type DemoPlace } from "#app/operations/demo-catalogue.ts";
import { landmarkSlug, type LandmarkInput, type LandmarkKind } from "./landmark-form.ts";

type Entry = readonly [name: string, kind: LandmarkKind, latitude: number, longitude: number];

// Keyed by the demo catalogue's spelling of the place ("Country|Location").
const LANDMARKS: Record<string, readonly Entry[]> = {
  "Sweden|Stockholm": [
    ["Centralstationen", "station", 59.3303, 18.0586],
    ["Gamla stan", "omrade", 59.3251, 18.0711],
    ["Medborgarplatsen", "omrade", 59.3146, 18.0736],
    ["Kungsträdgården", "park", 59.3313, 18.0716],
    ["Vasamuseet", "sevardhet", 59.328, 18.0914],
  ],
  "Sweden|Gothenburg": [
    ["Centralstationen", "station", 57.7087, 11.9733],
    ["Liseberg", "sevardhet", 57.6953, 11.9925],
    ["Haga", "omrade", 57.6986, 11.9546],
    ["Ullevi", "arena", 57.7059, 11.9866],
    ["Götaplatsen", "sevardhet", 57.6972, 11.9797],
  ],
  "Sweden|Malmö": [
    ["Centralstationen", "station", 55.6095, 13.0005],
    ["Turning Torso", "sevardhet", 55.6133, 12.976],
    ["Ribersborgsstranden", "strand", 55.6005, 12.963],
    ["Möllevångstorget", "omrade", 55.5913, 13.0091],
    ["Malmö Arena", "arena", 55.5653, 12.8973],
  ],
  "Sweden|Uppsala": [
    ["Centralstationen", "station", 59.8583, 17.6467],
    ["Domkyrkan", "sevardhet", 59.8581, 17.6333],
    ["Uppsala slott", "sevardhet", 59.8535, 17.6349],
    ["Fyrishov", "arena", 59.8661, 17.6264],
  ],
  "Sweden|Åre": [
    ["Åre station", "station", 63.3985, 13.079],
    ["Kabinbanan", "sevardhet", 63.3999, 13.0744],
    ["Åreskutan", "sevardhet", 63.4333, 13.0833],
    ["Duved", "omrade", 63.392, 12.932],
  ],
  "Sweden|Örebro": [
    ["Centralstationen", "station", 59.2793, 15.2116],
    ["Örebro slott", "sevardhet", 59.274, 15.215],
    ["Svampen", "sevardhet", 59.2911, 15.2213],
    ["Behrn Arena", "arena", 59.2656, 15.2336],
  ],
  "Sweden|Älmhult": [
    ["Älmhults station", "station", 56.5512, 14.1372],
    ["IKEA Museum", "sevardhet", 56.548, 14.133],
    ["Möckelns strand", "strand", 56.5445, 14.1215],
  ],
  "Sweden|Visby": [
    ["Stora torget", "omrade", 57.6391, 18.2925],
    ["Visby domkyrka", "sevardhet", 57.6413, 18.2959],
    ["Almedalen", "park", 57.6397, 18.288],
    ["Färjeterminalen", "station", 57.6342, 18.285],
  ],
  "Sweden|Kiruna": [
    ["Kiruna kyrka", "sevardhet", 67.8489, 20.2267],
    ["Icehotel i Jukkasjärvi", "sevardhet", 67.8513, 20.5948],
    ["Kiruna flygplats", "flygplats", 67.822, 20.3368],
  ],
  "Norway|Oslo": [
    ["Oslo S", "station", 59.9111, 10.7528],
    ["Operahuset", "sevardhet", 59.9075, 10.7531],
    ["Aker Brygge", "omrade", 59.9105, 10.729],
    ["Slottet", "sevardhet", 59.917, 10.7275],
    ["Vigelandsparken", "park", 59.927, 10.7008],
  ],
  "Norway|Bergen": [
    ["Bryggen", "sevardhet", 60.3975, 5.324],
    ["Bergen stasjon", "station", 60.3903, 5.333],
    ["Fløibanen", "sevardhet", 60.3962, 5.3285],
    ["Fisketorget", "sevardhet", 60.3948, 5.3256],
  ],
  "Norway|Trondheim": [
    ["Nidarosdomen", "sevardhet", 63.4269, 10.3969],
    ["Trondheim S", "station", 63.4363, 10.3992],
    ["Bakklandet", "omrade", 63.4295, 10.4035],
  ],
  "Norway|Stavanger": [
    ["Stavanger stasjon", "station", 58.9663, 5.7334],
    ["Gamle Stavanger", "omrade", 58.9723, 5.7272],
    ["Stavanger domkirke", "sevardhet", 58.9698, 5.7331],
    ["Norsk Oljemuseum", "sevardhet", 58.974, 5.739],
  ],
  "Norway|Tromsø": [
    ["Ishavskatedralen", "sevardhet", 69.648, 18.9877],
    ["Fjellheisen", "sevardhet", 69.6397, 18.9993],
    ["Polaria", "sevardhet", 69.6436, 18.9483],
    ["Tromsö flygplats", "flygplats", 69.6833, 18.9189],
  ],
  "Denmark|Copenhagen": [
    ["Hovedbanegården", "station", 55.6727, 12.5644],
    ["Nyhavn", "sevardhet", 55.6798, 12.5907],
    ["Tivoli", "sevardhet", 55.6737, 12.5681],
    ["Lilla sjöjungfrun", "sevardhet", 55.6929, 12.5993],
    ["Christiania", "omrade", 55.6731, 12.5973],
  ],
  "Denmark|Aarhus": [
    ["Aarhus H", "station", 56.1505, 10.2045],
    ["ARoS", "sevardhet", 56.1539, 10.1999],
    ["Den Gamle By", "sevardhet", 56.1587, 10.1921],
    ["Aarhus domkyrka", "sevardhet", 56.1568, 10.2106],
  ],
  "Denmark|Odense": [
    ["Odense station", "station", 55.4018, 10.3871],
    ["H.C. Andersens Hus", "sevardhet", 55.399, 10.3903],
    ["Sankt Knuds kyrka", "sevardhet", 55.3955, 10.389],
  ],
  "Denmark|Aalborg": [
    ["Aalborg station", "station", 57.043, 9.917],
    ["Jomfru Ane Gade", "omrade", 57.0497, 9.9202],
    ["Utzon Center", "sevardhet", 57.0503, 9.9267],
    ["Aalborgtornet", "sevardhet", 57.0416, 9.9022],
  ],
  "Finland|Helsinki": [
    ["Centralstationen", "station", 60.1719, 24.9414],
    ["Senatstorget", "sevardhet", 60.1702, 24.9522],
    ["Salutorget", "omrade", 60.1676, 24.9531],
    ["Sveaborg", "sevardhet", 60.1454, 24.9881],
    ["Tempelplatsens kyrka", "sevardhet", 60.173, 24.925],
  ],
  "Finland|Turku": [
    ["Åbo domkyrka", "sevardhet", 60.4525, 22.278],
    ["Åbo slott", "sevardhet", 60.4354, 22.229],
    ["Järnvägsstationen", "station", 60.454, 22.2533],
    ["Salutorget", "omrade", 60.4514, 22.2667],
  ],
  "Finland|Tampere": [
    ["Järnvägsstationen", "station", 61.4985, 23.773],
    ["Särkänniemi", "sevardhet", 61.505, 23.743],
    ["Nokia Arena", "arena", 61.4945, 23.7735],
  ],
  "Finland|Rovaniemi": [
    ["Tomtebyn", "sevardhet", 66.5436, 25.8475],
    ["Arktikum", "sevardhet", 66.5105, 25.727],
    ["Järnvägsstationen", "station", 66.4982, 25.7102],
    ["Rovaniemi flygplats", "flygplats", 66.5648, 25.8304],
  ],
  "Japan|Tokyo": [
    ["Tokyo station", "station", 35.6812, 139.7671],
    ["Shinjuku station", "station", 35.6896, 139.7006],
    ["Shibuyakorsningen", "sevardhet", 35.6595, 139.7005],
    ["Sensō-ji", "sevardhet", 35.7148, 139.7967],
    ["Ginza", "omrade", 35.6717, 139.765],
  ],
  "Japan|Kyoto": [
    ["Kyoto station", "station", 34.9858, 135.7588],
    ["Fushimi Inari", "sevardhet", 34.9671, 135.7727],
    ["Kinkaku-ji", "sevardhet", 35.0394, 135.7292],
    ["Gion", "omrade", 35.0037, 135.7751],
  ],
  "Japan|Osaka": [
    ["Osaka station", "station", 34.7025, 135.4959],
    ["Dōtonbori", "omrade", 34.6687, 135.5013],
    ["Osakas slott", "sevardhet", 34.6873, 135.5262],
    ["Tsūtenkaku", "sevardhet", 34.6525, 135.5063],
  ],
  "United Kingdom|London": [
    ["King's Cross St Pancras", "station", 51.5308, -0.1238],
    ["Trafalgar Square", "sevardhet", 51.508, -0.1281],
    ["British Museum", "sevardhet", 51.5194, -0.127],
    ["Towern", "sevardhet", 51.5081, -0.0759],
    ["Hyde Park", "park", 51.5073, -0.1657],
  ],
  "United Kingdom|Edinburgh": [
    ["Edinburgh Waverley", "station", 55.9521, -3.1893],
    ["Edinburgh Castle", "sevardhet", 55.9486, -3.1999],
    ["Holyrood Palace", "sevardhet", 55.9527, -3.1722],
    ["Arthur's Seat", "park", 55.9441, -3.1618],
  ],
  "United Kingdom|Manchester": [
    ["Manchester Piccadilly", "station", 53.4774, -2.2309],
    ["Old Trafford", "arena", 53.4631, -2.2913],
    ["Etihad Stadium", "arena", 53.4831, -2.2004],
    ["Manchester Cathedral", "sevardhet", 53.4851, -2.2447],
  ],
  "France|Paris": [
    ["Eiffeltornet", "sevardhet", 48.8584, 2.2945],
    ["Louvren", "sevardhet", 48.8606, 2.3376],
    ["Notre-Dame", "sevardhet", 48.853, 2.3499],
    ["Gare du Nord", "station", 48.8809, 2.3553],
    ["Sacré-Cœur", "sevardhet", 48.8867, 2.3431],
  ],
  "France|Nice": [
    ["Nice-Ville station", "station", 43.7046, 7.2619],
    ["Promenade des Anglais", "strand", 43.6947, 7.2653],
    ["Cours Saleya", "omrade", 43.6957, 7.2757],
    ["Colline du Château", "park", 43.6952, 7.2806],
  ],
  "France|Lyon": [
    ["Part-Dieu station", "station", 45.7606, 4.8597],
    ["Place Bellecour", "omrade", 45.7578, 4.832],
    ["Fourvièrebasilikan", "sevardhet", 45.7623, 4.8225],
    ["Vieux Lyon", "omrade", 45.7622, 4.8272],
  ],
  "United States|New York": [
    ["Times Square", "sevardhet", 40.758, -73.9855],
    ["Central Park", "park", 40.7829, -73.9654],
    ["Grand Central Terminal", "station", 40.7527, -73.9772],
    ["Empire State Building", "sevardhet", 40.7484, -73.9857],
    ["Brooklyn Bridge", "sevardhet", 40.7061, -73.9969],
  ],
  "United States|Miami": [
    ["South Beach", "strand", 25.7826, -80.1341],
    ["Bayside Marketplace", "omrade", 25.7785, -80.1868],
    ["Kaseya Center", "arena", 25.7814, -80.187],
    ["Wynwood Walls", "sevardhet", 25.801, -80.1994],
  ],
  "United States|Los Angeles": [
    ["Union Station", "station", 34.0562, -118.2365],
    ["Hollywood Walk of Fame", "sevardhet", 34.1016, -118.3267],
    ["Santa Monica Pier", "strand", 34.0094, -118.4973],
    ["Crypto.com Arena", "arena", 34.043, -118.2673],
    ["Griffith Observatory", "sevardhet", 34.1184, -118.3004],
  ],
  "Spain|Barcelona": [
    ["Sagrada Família", "sevardhet", 41.4036, 2.1744],
    ["Barcelona Sants", "station", 41.3791, 2.14],
    ["Barcelonetastranden", "strand", 41.3784, 2.1925],
    ["Park Güell", "park", 41.4145, 2.1527],
    ["Camp Nou", "arena", 41.3809, 2.1228],
  ],
  "Spain|Madrid": [
    ["Pradomuseet", "sevardhet", 40.4138, -3.6921],
    ["Retiroparken", "park", 40.4153, -3.6845],
    ["Atocha station", "station", 40.4066, -3.6893],
    ["Plaza Mayor", "sevardhet", 40.4155, -3.7074],
    ["Santiago Bernabéu", "arena", 40.4531, -3.6883],
  ],
  "Spain|Málaga": [
    ["Alcazaba", "sevardhet", 36.7213, -4.416],
    ["La Malagueta", "strand", 36.7196, -4.4097],
    ["María Zambrano station", "station", 36.7118, -4.4328],
    ["Picassomuseet", "sevardhet", 36.7216, -4.4185],
  ],
  "Spain|Palma": [
    ["Katedralen La Seu", "sevardhet", 39.5675, 2.648],
    ["Castell de Bellver", "sevardhet", 39.5638, 2.6198],
    ["Can Pere Antoni", "strand", 39.566, 2.662],
    ["Palma flygplats", "flygplats", 39.5517, 2.7388],
  ],
  "Italy|Rome": [
    ["Colosseum", "sevardhet", 41.8902, 12.4922],
    ["Peterskyrkan", "sevardhet", 41.9022, 12.4539],
    ["Fontana di Trevi", "sevardhet", 41.9009, 12.4833],
    ["Roma Termini", "station", 41.901, 12.5016],
    ["Pantheon", "sevardhet", 41.8986, 12.4769],
  ],
  "Italy|Milan": [
    ["Milano Centrale", "station", 45.4862, 9.2045],
    ["Duomo", "sevardhet", 45.4641, 9.1919],
    ["La Scala", "sevardhet", 45.4674, 9.1895],
    ["Navigli", "omrade", 45.452, 9.176],
    ["San Siro", "arena", 45.4781, 9.124],
  ],
  "Italy|Venice": [
    ["Markusplatsen", "sevardhet", 45.4341, 12.3388],
    ["Rialtobron", "sevardhet", 45.438, 12.3358],
    ["Santa Lucia station", "station", 45.441, 12.321],
    ["Gallerie dell'Accademia", "sevardhet", 45.4311, 12.3281],
  ],
  "Italy|Florence": [
    ["Domkyrkan", "sevardhet", 43.7731, 11.256],
    ["Ponte Vecchio", "sevardhet", 43.768, 11.2531],
    ["Uffizierna", "sevardhet", 43.7678, 11.2553],
    ["Santa Maria Novella station", "station", 43.7764, 11.248],
  ],
  "Germany|Berlin": [
    ["Berlin Hauptbahnhof", "station", 52.5251, 13.3694],
    ["Brandenburger Tor", "sevardhet", 52.5163, 13.3777],
    ["Alexanderplatz", "omrade", 52.5219, 13.4132],
    ["Museumsinsel", "sevardhet", 52.5169, 13.4019],
    ["Checkpoint Charlie", "sevardhet", 52.5075, 13.3904],
  ],
  "Germany|Munich": [
    ["München Hauptbahnhof", "station", 48.1402, 11.56],
    ["Marienplatz", "omrade", 48.1374, 11.5755],
    ["Englischer Garten", "park", 48.1642, 11.6056],
    ["Theresienwiese", "sevardhet", 48.1316, 11.5497],
    ["Allianz Arena", "arena", 48.2188, 11.6247],
  ],
  "Germany|Hamburg": [
    ["Hamburg Hauptbahnhof", "station", 53.553, 10.0069],
    ["Elbphilharmonie", "sevardhet", 53.5413, 9.9841],
    ["Reeperbahn", "omrade", 53.5497, 9.9637],
    ["Speicherstadt", "omrade", 53.544, 9.989],
  ],
  "Greece|Athens": [
    ["Akropolis", "sevardhet", 37.9715, 23.7257],
    ["Syntagmatorget", "omrade", 37.9755, 23.7348],
    ["Monastiraki", "omrade", 37.976, 23.7256],
    ["Pireus hamn", "station", 37.942, 23.6465],
  ],
  "Greece|Santorini": [
    ["Oia", "omrade", 36.4618, 25.3753],
    ["Fira", "omrade", 36.4167, 25.432],
    ["Kamaristranden", "strand", 36.3747, 25.4829],
    ["Santorinis flygplats", "flygplats", 36.3992, 25.4793],
  ],
  "Greece|Chania": [
    ["Venetianska hamnen", "sevardhet", 35.5177, 24.0176],
    ["Fyren", "sevardhet", 35.5197, 24.0165],
    ["Nea Chora-stranden", "strand", 35.5157, 24.0075],
    ["Chanias flygplats", "flygplats", 35.5317, 24.1497],
  ],
  "Portugal|Lisbon": [
    ["Praça do Comércio", "omrade", 38.7075, -9.1364],
    ["Belémtornet", "sevardhet", 38.6916, -9.216],
    ["São Jorge-borgen", "sevardhet", 38.7139, -9.1335],
    ["Rossio station", "station", 38.7142, -9.141],
  ],
  "Portugal|Porto": [
    ["Ribeira", "omrade", 41.1405, -8.6132],
    ["São Bento station", "station", 41.1456, -8.6106],
    ["Livraria Lello", "sevardhet", 41.1469, -8.6149],
    ["Dom Luís I-bron", "sevardhet", 41.14, -8.6094],
  ],
  "Thailand|Bangkok": [
    ["Kungliga palatset", "sevardhet", 13.75, 100.4913],
    ["Wat Arun", "sevardhet", 13.7437, 100.4889],
    ["Khao San Road", "omrade", 13.7588, 100.4974],
    ["Siam", "omrade", 13.7456, 100.5347],
    ["Chatuchakmarknaden", "sevardhet", 13.7999, 100.55],
  ],
  "Thailand|Phuket": [
    ["Patongstranden", "strand", 7.8965, 98.2965],
    ["Katastranden", "strand", 7.8205, 98.298],
    ["Phuket Old Town", "omrade", 7.884, 98.387],
    ["Big Buddha", "sevardhet", 7.8277, 98.3128],
    ["Phukets flygplats", "flygplats", 8.1132, 98.3169],
  ],
  "Iceland|Reykjavík": [
    ["Hallgrímskirkja", "sevardhet", 64.1417, -21.9266],
    ["Harpa", "sevardhet", 64.1503, -21.9327],
    ["Perlan", "sevardhet", 64.1293, -21.9184],
    ["Reykjavíks flygplats", "flygplats", 64.13, -21.9406],
  ],
  "Netherlands|Amsterdam": [
    ["Amsterdam Centraal", "station", 52.3791, 4.9003],
    ["Dam", "omrade", 52.3731, 4.8926],
    ["Rijksmuseum", "sevardhet", 52.36, 4.8852],
    ["Vondelpark", "park", 52.358, 4.8686],
    ["Anne Franks hus", "sevardhet", 52.3752, 4.884],
  ],
  "Austria|Vienna": [
    ["Stephansdom", "sevardhet", 48.2085, 16.3731],
    ["Wien Hauptbahnhof", "station", 48.1852, 16.376],
    ["Schönbrunn", "sevardhet", 48.1845, 16.3122],
    ["Hofburg", "sevardhet", 48.2066, 16.3656],
    ["Prater", "park", 48.2166, 16.3955],
  ],
  "Czech Republic|Prague": [
    ["Karlsbron", "sevardhet", 50.0865, 14.4114],
    ["Pragborgen", "sevardhet", 50.0905, 14.4005],
    ["Gamla stans torg", "omrade", 50.0875, 14.4213],
    ["Huvudstationen", "station", 50.0833, 14.4353],
    ["Václavplatsen", "omrade", 50.081, 14.428],
  ],
};

export interface DemoPlaceLandmarks {
  place: DemoPlace;
  landmarks: LandmarkInput[];
}

/** Each demo place with its centre (first) and its landmarks, as the back office's form would give them. */
export function demoLandmarks(): DemoPlaceLandmarks[] {
  return DEMO_PLACES.map((place) => ({
    place,
    landmarks: [
      { name: "Centrum", slug: "centrum", kind: "centrum", latitude: place.lat, longitude: place.lng, centre: true },
      ...(LANDMARKS[`${place.country}|${place.location}`] ?? []).map(([name, kind, latitude, longitude]) => ({
        name,
        slug: landmarkSlug(name),
        kind,
        latitude,
        longitude,
        centre: false,
      })),
    ],
  }));
}
