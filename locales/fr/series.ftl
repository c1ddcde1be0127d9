# La série d'un club : sa saison publique, la saison d'un invité, la console de la série, les
# cartes de membre, et les prix du club (que les pages de la soirée montrent aussi).

## Ce qui fait les places de la saison.
series-counting-total = Chaque soirée compte.
series-counting-best = { $count ->
    [one] La meilleure soirée de chacun compte.
   *[other] Les { $count } meilleures soirées de chacun comptent.
}
series-counting-average = La moyenne par soirée jouée compte.
# Un nombre à décimales (une moyenne) : sa partie entière et ses deux décimales.
series-decimal = { $whole },{ $fraction }
series-date = { $day }/{ $month }/{ $year }

## La saison publique.
series-ties = Les scores égaux partagent la place.
series-private-note = { $count ->
    [one] Une soirée est privée
   *[other] { $count } soirées sont privées
} : l'hôte garde ses invités et ses scores hors des pages publiques, et ce classement public { $count ->
    [one] la laisse
   *[other] les laisse
} de côté. La console de la série et la page de chaque invité comptent toutes les soirées.
series-standings = Classement
series-none-played = Aucune soirée n'a encore été jouée.
series-season-prizes = Prix de la saison
series-evenings = Soirées
series-no-evening = Pas encore de soirée.
series-evening-private = (privée : ses invités ne sont pas montrés ici)
series-evening-final = (définitif)
series-evening-provisional = (provisoire)
series-evening-running = (en cours)
series-evening-not-started = (pas commencée)
series-on-a-phone = Ce classement sur un téléphone
series-qr-label = QR code de cette page

## Le tableau de la saison.
season-place = Place
season-name = Nom
season-evenings = Soirées
season-total = Total
season-counted = Compté
season-not-counted = non compté

## La saison d'un invité.
series-guest-title = { $name } : { $series }
# Balises gardées : le nom de la série mène à sa saison publique.
series-guest-intro = Votre saison de <a href="{ $href }">{ $series }</a>.
series-guest-standing-title = Votre place
series-guest-standing = { NUMBER($place, type: "ordinal") ->
    [one] { $place }er
   *[other] { $place }e
} sur { $people }
# Balises gardées : le nombre compté est en gras.
series-guest-attended = { $count ->
    [one] { $count } soirée jouée
   *[other] { $count } soirées jouées
} ; compté : <strong>{ $counted }</strong>.
series-guest-not-yet = Vous n'êtes pas encore au classement : il liste tout le monde dès qu'une soirée a un résultat.
series-guest-prizes-title = Vos prix de la saison
series-guest-state-provisional = · provisoire
series-guest-state-running = · en cours
series-guest-state-not-started = · pas commencée
# Balises gardées : la place et le score sont en gras.
series-guest-place = Place : <strong>{ $place }</strong> · score : <strong>{ $score }</strong>
series-guest-round = Ronde { $round } : { $score }
series-guest-prizes = Prix : { $prizes }
series-guest-absent = Vous n'avez pas participé (ou n'avez pas encore de résultat).

## Les prix du club.
club-prize-booby = Lanterne rouge
club-prize-most-rounds-won = Le plus de rondes gagnées
club-prize-best-round = Meilleure ronde
club-prize-most-tables = Le plus de tables visitées
club-prize-perfect-attendance = Présence à chaque soirée
club-figure-score = { $value }
club-figure-rounds-won = { $value ->
    [one] { $value } ronde gagnée
   *[other] { $value } rondes gagnées
}
club-figure-tables = { $value ->
    [one] { $value } table
   *[other] { $value } tables
}
club-figure-evenings = { $value ->
    [one] { $value } soirée
   *[other] { $value } soirées
}
# Un prix donné : « Lanterne rouge : Cy (120) » ; $names, ceux qui le prennent.
club-award = { $prize } : { $names } ({ $figure })
# Le prix d'un invité : « Lanterne rouge (120) ».
club-prize-with-figure = { $prize } ({ $figure })

## La console de la série.
series-console-title = { $series } : console de la série
series-console-intro = Console de la série.
series-console-counts-all = Ce classement compte toutes les soirées, les privées aussi.
series-public-standings = Classement public
series-member-cards-button = Cartes de membre…
series-export-csv = Classement (CSV)
series-export-json = La saison (JSON)
series-make-evening = Créer la soirée
series-make-evening-hint = La soirée s'ouvre dans sa propre console, où ses invités fidèles s'ajoutent d'une touche chacun. Ses réglages partent de ceux de la dernière soirée.
series-attach-link = Une soirée créée hors de la série : son lien d'hôte
series-attach-hint = (ou l'adresse de sa console, dans un navigateur qui l'anime)
series-attach = L'ajouter à la série
series-detach = la retirer de la série
series-detach-confirm = Retirer la soirée « { $evening } » de la série ? Elle reste telle quelle, mais ne compte plus dans la saison.
series-state-final = définitif
series-state-provisional = provisoire
series-state-running = en cours
series-state-not-started = pas commencée
series-state-private = , privée
series-standings-link = classement
series-people = Personnes
series-people-hint = Le même nom (majuscules et espaces mis à part) est la même personne d'une soirée à l'autre. Reliez deux noms qui sont une seule personne ; séparez de nouveau un nom relié.
series-people-name = Nom
series-people-evenings = Soirées
series-people-also = Compte aussi
series-people-two = Un nom, deux personnes ?
series-split-off = Séparer { $name }
series-seat-of = Une place { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
}
series-seat-was = était
series-split-seat = Séparer cette place
series-link-name = Ce nom
series-link-with = est la même personne que
series-link = Les relier
series-settings = Décompte et prix
series-settings-counting = Ce qui fait les places de la saison
series-settings-total = Le total de toutes les soirées
series-settings-best = Les meilleures soirées de chacun, au nombre de :
series-settings-best-label = Combien de meilleures soirées comptent
series-settings-average = La moyenne par soirée jouée
series-settings-evening-prizes = Prix de chaque soirée
series-settings-season-prizes = Prix de la saison
series-settings-save = Enregistrer le décompte et les prix
series-access = Le lien d'hôte
series-token-out = Si le lien d'hôte a circulé, faites-en un nouveau : l'ancien cesse de marcher, tout autre appareil ouvert sur cette console est déconnecté, et les cartes de membre imprimées n'ouvrent plus rien (la clé de chaque membre est tirée du lien).
series-token-sure = Je réimprimerai les cartes de membre
series-token-new = Faire un nouveau lien d'hôte
series-token-confirm = Faire un nouveau lien d'hôte ? L'ancien et toutes les cartes de membre imprimées cesseront de marcher.
series-leave = Quitter la console
series-leave-hint = (déconnecte tous les appareils de l'hôte de cette série ; le lien d'hôte la rouvre)
# Ce que répondent les formulaires de la console.
series-ready = Votre série est prête. Gardez ce lien d'hôte : c'est le seul moyen de revenir à cette console depuis un autre appareil (il n'est montré que maintenant).
series-evening-made = La soirée est créée dans la série. Son propre lien d'hôte, pour une personne qui l'anime (montré seulement maintenant) :
series-evening-attached = La soirée fait maintenant partie de la série : elle compte dans la saison, et sa console propose les personnes de la série.
series-evening-detached = La soirée est retirée de la série : elle reste telle quelle, et ne compte plus dans la saison.
series-linked = { $name } compte désormais comme { $with }.
series-split = { $name } est de nouveau une personne à part.
series-seat-given = Cette place compte désormais comme { $name }.
series-settings-saved = Le décompte et les prix sont enregistrés.
series-left = Vous avez quitté la console de la série, et tous les appareils de son hôte sont déconnectés.
series-token-not-sure = Rien n'a changé : cochez la case pour dire que vous réimprimerez les cartes de membre, puis faites le nouveau lien d'hôte.
series-token-renewed = Un nouveau lien d'hôte pour cette série (montré seulement maintenant ; gardez-le). L'ancien ne marche plus, ni les cartes de membre imprimées : réimprimez-les (Cartes de membre) et distribuez-les.

## Les cartes de membre (imprimées).
members-title = Cartes de membre
members-heading = Cartes de membre : { $series }
members-none = Personne n'est encore venu à une soirée de cette série : il n'y a pas de carte à imprimer.
members-how = Découpez le long des traits et donnez à chaque membre sa carte : son QR code ouvre sur son téléphone sa propre page de la saison (chaque soirée à laquelle ce membre a participé, et sa place). Gardez-les comme des clés : une carte n'ouvre que la page de son membre.
members-print = Imprimer
members-back = Retour à la console
members-scan = Scannez avec l'appareil photo de votre téléphone pour voir votre saison.
