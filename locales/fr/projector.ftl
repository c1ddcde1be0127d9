# Le projecteur (le mur), le classement qu'il partage avec la page du classement et
# l'impression, et le graphique des gagnants. $unit vaut "miles" ou "points".

## Le mur.
wall-title = { $event } · projecteur
wall-tables = Tables
wall-standings = Classement
wall-sound-button = Activer le son
wall-over = La soirée est finie : les gagnants
# Balises gardées : le mot « provisoires » est marqué pour le script et le style.
wall-over-provisional = La soirée est finie : les gagnants, <strong class="provisional" data-provisional>provisoires</strong> jusqu'à ce que l'hôte clôture la soirée
wall-paused-banner = EN PAUSE
wall-break = Pause
wall-round-seated = la ronde { $round } est placée :
wall-find-your-table = trouvez votre table ; elle commence au signal de l'hôte
wall-round = Ronde { $round }
wall-state-seated = prenez place
wall-state-running = on joue
wall-state-paused = en pause : l'horloge est arrêtée
wall-state-over = stop ! comptez vos { $unit ->
    [points] points
   *[other] milles
}
wall-state-closed = close : la ronde suivante est en train d'être placée
wall-clock-closed = Close
wall-clock-playing = En jeu
wall-welcome = Bienvenue ! La première ronde va être placée.
wall-scan-provisional = Scannez pour le classement (provisoire jusqu'à ce que l'hôte clôture la soirée)
wall-scan-final = Scannez pour le classement final
wall-scan-join = Scannez pour rejoindre la soirée et trouver votre place
wall-next-seating = Ensuite : placement, ronde { $round }
wall-seating = Placement, ronde { $round }
wall-bye = exempt
wall-chart-heading = { $unit ->
    [points] Points
   *[other] Milles
} ronde par ronde
# Un prix : « 1er prix ».
prize = { NUMBER($prize, type: "ordinal") ->
    [one] { $prize }er
   *[other] { $prize }e
} prix

## Le classement.
standings-none = Pas encore d'inscrits.
standings-place = Place
standings-name = Nom
# La colonne d'une ronde : « M1 ».
standings-round = M{ $round }
standings-unit = { $unit ->
    [points] Points
   *[other] Milles
}
standings-won = Gagnées
standings-prize = Prix
standings-bot = robot
standings-withdrawn = retiré
standings-withdrawn-unranked = retiré, non classé
standings-missed-title = une ronde manquée par ce retardataire
# La marque d'une ronde manquée par un retardataire, expliquée par standings-missed-note.
standings-missed-mark = R
standings-missed-note = R : une ronde manquée par une inscription arrivée en retard ; elle compte 0 ou la moyenne de la ronde, comme l'hôte l'a choisi en l'ajoutant.
standings-provisional = <strong>Provisoire :</strong> la soirée est finie, mais l'hôte peut encore corriger un score. Les résultats et les prix sont définitifs quand l'hôte clôture la soirée.
standings-live-paused = La ronde { $round } est en pause : ses { $unit ->
    [points] points
   *[other] milles
} jusqu'ici sont comptés.
standings-live-over = Le temps est écoulé dans la ronde { $round } : ses { $unit ->
    [points] points
   *[other] milles
} sont comptés tels quels jusqu'à ce que l'hôte la close.
standings-live-playing = La ronde { $round } est en cours : ses { $unit ->
    [points] points
   *[other] milles
} jusqu'ici sont comptés.
standings-after-round = Après la ronde { $round }.
standings-prizes-later = Les prix s'affichent une fois la ronde 1 close.

## Le graphique des gagnants (SVG).
chart-title = Le total de chaque inscrit en { $unit ->
    [points] points
   *[other] milles
}, ronde par ronde
chart-round = M{ $round }

## Les pages du classement (celle d'un invité, et l'imprimée).
standings-title = Classement
standings-title-final = Classement final
standings-title-provisional = Classement provisoire
standings-title-so-far = Classement à ce stade
standings-how = Le plus haut total gagne ; à égalité, le nombre de rondes gagnées départage (les rondes où l'inscrit a eu seul le plus à sa table ; un tirage au sort pour une égalité n'est pas une victoire), sinon la place est partagée. Les robots sont classés mais ne prennent pas de prix.
standings-print = Imprimer
standings-replays = Revoir les donnes terminées
# « 1er prix : », avant le nom du gagnant.
prize-won-by = { NUMBER($prize, type: "ordinal") ->
    [one] { $prize }er
   *[other] { $prize }e
} prix :
print-replays-heading = Revoir les donnes
print-replays-scan = Scannez pour revoir chaque donne terminée de la soirée, coup par coup.
print-standings-how = Les places suivent le total des scores, puis les rondes gagnées ; des inscrits à égalité partagent une place. Imprimé par Touring.
print-title = Impression
print-title-seating = Plan de table
print-title-cards = Feuilles de score
print-title-tents = Chevalets de table
print-title-slips = Billets de place

## Les pages à imprimer.
print-letter = Letter
print-index-paper = Chaque page s'imprime proprement en A4 ou en Letter (choisissez le papier dans la fenêtre de l'imprimante, et ici) :
print-index-standings = Classement avec les prix
print-index-tents = Chevalets de table avec QR codes
print-index-round = Ronde { $round } :
print-index-seating = plan de table
print-index-cards = feuilles de score papier
print-download = Télécharger
print-download-what = Pour un tableur ou vos archives (la session d'hôte de ce navigateur les télécharge) :
print-download-csv = Classement (CSV)
print-download-json = Classement (JSON)
print-download-evening = Toute la soirée (JSON)
# Les exports CSV pour un tableur : le séparateur des tableurs de cette langue (une virgule,
# ou un point-virgule là où la virgule est la marque décimale), les titres des colonnes, oui et non.
csv-separator = {";"}
csv-place = place
csv-entry = inscription
csv-names = noms
csv-name = nom
csv-bot = robot
csv-withdrawn = retrait
csv-round = ronde { $round }
csv-total = total
csv-rounds-won = rondes gagnées
csv-prize = prix
csv-prizes = prix
csv-evenings = soirées
csv-counted = retenu
csv-yes = oui
csv-no = non
print-seating-table = Table
print-seating-players = Joueurs
print-seating-cards = Cartes
print-seating-paper = vraies cartes
print-seating-phones = téléphones
print-seating-none = Aucune ronde n'a encore été placée.
print-slips-heading = Billets de place : { $event }
print-slips-none = Chaque invité a déjà ouvert sa place : aucun billet n'est nécessaire. Un invité qui a perdu le sien peut scanner le QR code du projecteur ou du chevalet de sa table et toucher son nom, ou recevoir un nouveau lien depuis la console.
print-slips-how = Découpez le long des traits et donnez à chaque invité son billet : son QR code ouvre sa place sur son téléphone pour toute la soirée. Ces liens sont nouveaux ; tout lien envoyé avant ne fonctionne plus.
print-slip-your-table = Votre table :
print-slip-table-later = Votre table s'affiche une fois la ronde placée
print-slip-scan = Scannez avec l'appareil photo de votre téléphone pour ouvrir votre place.
print-tents-heading = { $event } : chevalets de table
print-tent-table = Table { $table }
print-tent-scan = Scannez pour voir qui joue ici et ouvrir votre place
