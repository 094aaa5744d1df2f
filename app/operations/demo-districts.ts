/**
 * Where the demo catalogue's districts are: each one's approximate real centre and a radius in
 * kilometres, so a demo hotel in Södermalm stands in Södermalm on the map and in an area
 * search. Pure data; the centres are rounded (about 100 m) and the radii keep districts that
 * touch from overlapping much.
 */
export interface DistrictCentre {
  lat: number;
  lng: number;
  radiusKm: number;
}

const D = (lat: number, lng: number, radiusKm: number): DistrictCentre => ({ lat, lng, radiusKm });

/** By place (the catalogue's English name) and district name, as DEMO_PLACES spells them. */
export const DEMO_DISTRICT_CENTRES: Readonly<Record<string, Readonly<Record<string, DistrictCentre>>>> = {
  Stockholm: {
    "Gamla stan": D(59.3251, 18.0711, 0.35),
    Södermalm: D(59.3142, 18.0635, 1.2),
    Norrmalm: D(59.3347, 18.0594, 0.8),
    Östermalm: D(59.3383, 18.0845, 0.9),
    Kungsholmen: D(59.3318, 18.0299, 0.9),
  },
  Gothenburg: {
    "Inom Vallgraven": D(57.7053, 11.9667, 0.35),
    Haga: D(57.6985, 11.9567, 0.3),
    Linnéstaden: D(57.6945, 11.9489, 0.6),
    Lindholmen: D(57.7068, 11.9384, 0.6),
  },
  Malmö: {
    "Gamla staden": D(55.6059, 12.9988, 0.5),
    "Västra hamnen": D(55.6148, 12.9773, 0.7),
    Möllevången: D(55.5914, 13.0084, 0.45),
  },
  Uppsala: { Centrum: D(59.8586, 17.6389, 0.6), Luthagen: D(59.8652, 17.6229, 0.5), Fålhagen: D(59.8552, 17.6597, 0.45) },
  Åre: { "Åre by": D(63.399, 13.0815, 0.6), Duved: D(63.3918, 12.9311, 0.6), Tegefjäll: D(63.3925, 13.0149, 0.5) },
  Örebro: { Centrum: D(59.2741, 15.2066, 0.6), Väster: D(59.2738, 15.1834, 0.6), Söder: D(59.2617, 15.2154, 0.6) },
  Älmhult: { Centrum: D(56.551, 14.137, 0.7) },
  Visby: { Innerstaden: D(57.6399, 18.2947, 0.45), Norr: D(57.6518, 18.3055, 0.6) },
  Kiruna: { Centrum: D(67.8558, 20.2253, 0.7), Jukkasjärvi: D(67.8497, 20.5935, 0.8) },
  Oslo: {
    Sentrum: D(59.9127, 10.7461, 0.6),
    Grünerløkka: D(59.9235, 10.7592, 0.6),
    "Aker Brygge": D(59.9106, 10.7274, 0.3),
    Frogner: D(59.9214, 10.7066, 0.7),
  },
  Bergen: { Bryggen: D(60.3975, 5.3245, 0.3), Nordnes: D(60.3985, 5.3107, 0.45), Sentrum: D(60.3913, 5.3221, 0.5) },
  Trondheim: { Midtbyen: D(63.4305, 10.3951, 0.6), Bakklandet: D(63.4287, 10.4063, 0.3) },
  Stavanger: { "Gamle Stavanger": D(58.9728, 5.7263, 0.25), Sentrum: D(58.97, 5.7331, 0.5) },
  Tromsø: { Sentrum: D(69.6492, 18.9553, 0.6), Tromsdalen: D(69.6434, 19.0057, 0.7) },
  Copenhagen: {
    "Indre By": D(55.6794, 12.5776, 0.7),
    Nørrebro: D(55.6941, 12.5494, 0.8),
    Vesterbro: D(55.6681, 12.5477, 0.7),
    Christianshavn: D(55.6727, 12.5945, 0.5),
  },
  Aarhus: { Latinerkvarteret: D(56.1591, 10.2097, 0.3), "Aarhus Ø": D(56.1611, 10.2264, 0.5), Frederiksbjerg: D(56.1478, 10.2005, 0.5) },
  Odense: { Centrum: D(55.3959, 10.3883, 0.6), Skibhuskvarteret: D(55.4107, 10.3986, 0.5) },
  Aalborg: { Centrum: D(57.0488, 9.9217, 0.6), "Østre Havn": D(57.0454, 9.9451, 0.5) },
  Helsinki: {
    Kamppi: D(60.1686, 24.9316, 0.5),
    Kruununhaka: D(60.1729, 24.9562, 0.4),
    Punavuori: D(60.1614, 24.9393, 0.4),
    Kallio: D(60.1841, 24.9505, 0.6),
  },
  Turku: { Keskusta: D(60.4518, 22.2666, 0.7), "Port Arthur": D(60.4419, 22.2434, 0.4) },
  Tampere: { Keskusta: D(61.4978, 23.761, 0.7), Pispala: D(61.5019, 23.7077, 0.6) },
  Rovaniemi: { Keskusta: D(66.5039, 25.7294, 0.7), "Santa Claus Village": D(66.5436, 25.8473, 0.4) },
  Tokyo: {
    Shinjuku: D(35.6938, 139.7034, 1),
    Shibuya: D(35.658, 139.7016, 0.9),
    Ginza: D(35.6717, 139.765, 0.6),
    Asakusa: D(35.7148, 139.7967, 0.6),
  },
  Kyoto: { Gion: D(35.0037, 135.7788, 0.4), Higashiyama: D(34.9948, 135.785, 0.7), "Kyoto Station": D(34.9858, 135.7588, 0.5) },
  Osaka: { Namba: D(34.6654, 135.5013, 0.6), Umeda: D(34.7025, 135.4959, 0.7), Shinsekai: D(34.6524, 135.5063, 0.35) },
  London: {
    Soho: D(51.5136, -0.1365, 0.4),
    "Covent Garden": D(51.5117, -0.124, 0.35),
    Kensington: D(51.4991, -0.1938, 0.9),
    Shoreditch: D(51.5265, -0.0798, 0.6),
    Southwark: D(51.5035, -0.0937, 0.7),
  },
  Edinburgh: { "Old Town": D(55.9497, -3.1903, 0.5), "New Town": D(55.9556, -3.1979, 0.5), Leith: D(55.9756, -3.1706, 0.7) },
  Manchester: { "Northern Quarter": D(53.4839, -2.2363, 0.35), Spinningfields: D(53.4805, -2.2518, 0.3) },
  Paris: {
    "Le Marais": D(48.8596, 2.3622, 0.6),
    "Saint-Germain": D(48.8539, 2.3338, 0.6),
    Montmartre: D(48.8867, 2.3431, 0.6),
    Opéra: D(48.8719, 2.3316, 0.5),
    Bastille: D(48.8532, 2.3691, 0.5),
  },
  Nice: { "Vieux Nice": D(43.6967, 7.2756, 0.35), "Promenade des Anglais": D(43.6947, 7.2553, 0.5), Cimiez: D(43.7199, 7.2751, 0.6) },
  Lyon: { "Presqu'île": D(45.7597, 4.8339, 0.6), "Vieux Lyon": D(45.7623, 4.8271, 0.35), "Croix-Rousse": D(45.7745, 4.8317, 0.6) },
  "New York": {
    Midtown: D(40.7549, -73.984, 0.9),
    SoHo: D(40.7233, -74.003, 0.5),
    Brooklyn: D(40.6928, -73.9903, 1.2),
    "Upper West Side": D(40.787, -73.9754, 1),
  },
  Miami: { "South Beach": D(25.7826, -80.1341, 0.9), Brickell: D(25.7617, -80.1918, 0.6), Wynwood: D(25.8007, -80.1993, 0.6) },
  "Los Angeles": { Hollywood: D(34.0928, -118.3287, 1.2), "Santa Monica": D(34.0195, -118.4912, 1.2), Downtown: D(34.0407, -118.2468, 1) },
  Barcelona: {
    "Barri Gòtic": D(41.3833, 2.1777, 0.4),
    Eixample: D(41.3917, 2.1649, 1),
    "El Born": D(41.3851, 2.1834, 0.35),
    Barceloneta: D(41.3807, 2.1894, 0.4),
  },
  Madrid: {
    Sol: D(40.4169, -3.7035, 0.4),
    Malasaña: D(40.4264, -3.7055, 0.45),
    Salamanca: D(40.4303, -3.6776, 0.8),
    Chueca: D(40.4229, -3.6975, 0.35),
  },
  Málaga: { "Centro Histórico": D(36.7213, -4.4214, 0.5), "La Malagueta": D(36.7197, -4.4097, 0.4), Soho: D(36.7167, -4.4264, 0.3) },
  Palma: { "Casco Antiguo": D(39.5696, 2.6502, 0.6), Portixol: D(39.5571, 2.6711, 0.4), "Santa Catalina": D(39.5727, 2.6357, 0.4) },
  Rome: {
    "Centro Storico": D(41.8986, 12.4769, 0.8),
    Trastevere: D(41.8893, 12.4696, 0.6),
    Monti: D(41.8954, 12.4923, 0.5),
    Prati: D(41.9074, 12.4611, 0.7),
  },
  Milan: { Brera: D(45.4719, 9.1881, 0.5), Navigli: D(45.4515, 9.1753, 0.6), Duomo: D(45.4642, 9.19, 0.5) },
  Venice: { "San Marco": D(45.4341, 12.3388, 0.4), Cannaregio: D(45.4445, 12.3265, 0.6), Dorsoduro: D(45.4309, 12.3253, 0.5) },
  Florence: { Duomo: D(43.7731, 11.256, 0.4), Oltrarno: D(43.7652, 11.2497, 0.6), "Santa Croce": D(43.7686, 11.2625, 0.4) },
  Berlin: {
    Mitte: D(52.52, 13.405, 1.2),
    Kreuzberg: D(52.4986, 13.4034, 1.2),
    "Prenzlauer Berg": D(52.5387, 13.4244, 1),
    Charlottenburg: D(52.5167, 13.3041, 1.2),
  },
  Munich: { Altstadt: D(48.1374, 11.5755, 0.6), Schwabing: D(48.1642, 11.5858, 1), Maxvorstadt: D(48.1486, 11.5664, 0.8) },
  Hamburg: { HafenCity: D(53.5413, 9.9966, 0.6), "St. Pauli": D(53.5536, 9.9596, 0.7), Altstadt: D(53.5503, 9.9937, 0.5) },
  Athens: { Plaka: D(37.9725, 23.7301, 0.35), Monastiraki: D(37.9761, 23.7255, 0.3), Kolonaki: D(37.9777, 23.7434, 0.45) },
  Santorini: { Oia: D(36.4618, 25.3753, 0.6), Fira: D(36.4166, 25.4315, 0.6), Imerovigli: D(36.4325, 25.4226, 0.4) },
  Chania: { "Old Town": D(35.5164, 24.0181, 0.4), "Nea Chora": D(35.5171, 24.0053, 0.4) },
  Lisbon: {
    Alfama: D(38.7119, -9.1301, 0.4),
    Baixa: D(38.7111, -9.1367, 0.35),
    Chiado: D(38.7107, -9.1427, 0.3),
    "Bairro Alto": D(38.7127, -9.1456, 0.3),
  },
  Porto: { Ribeira: D(41.1405, -8.6131, 0.35), Baixa: D(41.1466, -8.6109, 0.5), "Foz do Douro": D(41.1522, -8.6776, 0.8) },
  Bangkok: {
    Sukhumvit: D(13.7373, 100.5603, 1.2),
    Silom: D(13.7262, 100.5234, 0.8),
    Riverside: D(13.7236, 100.5143, 0.7),
    "Khao San": D(13.7589, 100.4974, 0.4),
  },
  Phuket: { Patong: D(7.8961, 98.2966, 1), Kata: D(7.8205, 98.2985, 0.8), "Phuket Town": D(7.8804, 98.3923, 1) },
  Reykjavík: { Miðborg: D(64.1466, -21.9336, 0.6), Vesturbær: D(64.1478, -21.9606, 0.7) },
  Amsterdam: {
    Jordaan: D(52.3746, 4.8808, 0.5),
    "De Pijp": D(52.3546, 4.8932, 0.5),
    Centrum: D(52.3731, 4.8926, 0.7),
    Oost: D(52.3596, 4.9293, 1),
  },
  Vienna: { "Innere Stadt": D(48.2082, 16.3719, 0.7), Neubau: D(48.2006, 16.3477, 0.6), Leopoldstadt: D(48.2187, 16.3926, 1) },
  Prague: { "Staré Město": D(50.0875, 14.4213, 0.5), "Malá Strana": D(50.0878, 14.4036, 0.5), Vinohrady: D(50.0755, 14.4478, 0.8) },
};
