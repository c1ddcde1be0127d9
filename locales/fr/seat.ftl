# Le parcours d'un invité : choisir sa place par code QR, et la page de sa place autour du jeu.

## La page du choix.
pick-table-title = Table { $table }
pick-table-heading = Table { $table } : qui êtes-vous ?
pick-find-title = Trouver sa place
pick-find-heading = Trouver sa place : qui êtes-vous ?
# HTML : le nom est échappé.
pick-held = Ce téléphone tient la place de <strong>{ $name }</strong>.
pick-open-my-seat = Ouvrir ma place
pick-no-free-seat = Aucune place libre ici. Si votre place est prise, demandez à l'organisateur de la libérer ; si la ronde n'est pas encore placée, scannez de nouveau quand elle le sera.
pick-someone-else = Quelqu'un d'autre ?
pick-tap-your-name = Touchez votre nom. Ce téléphone montre ensuite votre place pour toute la soirée.
pick-gives-back = Si vous touchez un autre nom, ce téléphone rend la place qu'il tient : il n'en tient qu'une à la fois.
pick-link-wins = Si quelqu'un ouvre le lien de la place (celui que l'organisateur remet à la personne qui y joue), la place revient à ce lien et ce téléphone ne la montre plus.
pick-free-seats = Places libres
check-in-heading = S'inscrire
check-in-heading-not-listed = Votre nom n'est pas dans la liste ? Inscrivez-vous
check-in-why = Tapez votre nom tel qu'il doit paraître sur les tables et au classement. L'organisateur le voit, et vous aurez une table quand la ronde sera placée.
check-in-your-name = Votre nom
check-in-partner-name = Le nom de votre partenaire
check-in-button = M'inscrire
# HTML : les noms sont échappés.
check-in-held = Ce téléphone a inscrit <strong>{ $names }</strong>. Votre table paraîtra sur la page de votre place dès que l'organisateur placera la ronde.
check-in-undo = Ce n'est pas vous, ou c'est une erreur ? Annuler cette inscription
check-in-done = C'est fait : votre nom est inscrit. Gardez cette page ouverte : elle montrera votre table dès que l'organisateur placera la ronde. Pour annuler l'inscription, scannez de nouveau le code du mur.
check-in-undone = Inscription annulée : { $names }.
check-in-off = Pour cette soirée, c'est l'organisateur qui inscrit les invités : demandez-lui d'ajouter votre nom, puis scannez de nouveau ce code quand la ronde sera placée.

## La page de la place.
seat-title = Votre place
seat-skip-to-hand = Aller à votre main
seat-mute = Couper le son de ce téléphone
seat-muted = Le son de ce téléphone est coupé : le remettre
seat-refresh = Actualiser
seat-refresh-why = pour voir les coups des autres joueurs et le temps restant.
seat-season = Votre saison
seat-season-why = chaque soirée de la série à laquelle vous avez participé, et votre classement
# HTML.
seat-table-round = Table <strong>{ $table }</strong>, ronde { $round }
# HTML.
seat-table = Table <strong>{ $table }</strong>
seat-bye = Exempt de cette ronde
seat-time-left = temps restant
# Suivi des secondes restantes.
seat-turn-clock = { $whose } : l'horloge des tours joue pour la place dans
seat-turn-yours = À vous
seat-turn-of = Au tour { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
}
seat-turn-of-this-seat = Au tour de cette place
seat-score-cards = Feuilles de marque
seat-cards-count-now = Comptez vos cartes pour chaque ligne de la feuille de marque et saisissez-les ; un joueur d'un autre camp confirme.
seat-cards-count-at-stop = Au signal d'arrêt, comptez vos cartes pour chaque ligne de la feuille de marque.
seat-card-hand = Manche { $hand } :
seat-card-correct = Corriger ma feuille
seat-card-enter = Saisir ma feuille
seat-card-add-hand = Ajouter une manche
seat-card-confirm = Confirmer la feuille { ELIDES($names) ->
    [yes] d'{ $names }
   *[no] de { $names }
}
seat-at-your-table = À votre table
seat-who = Qui
seat-miles-this-round = Milles de la ronde
seat-points-this-round = Points de la ronde
# Une fois la soirée terminée : le résultat de l'invité, à la place du jeu figé.
seat-result-title = Votre résultat
seat-result-place = Place
seat-result-place-of = { $place } sur { $of }
seat-result-total = Total
seat-result-first = Première place
seat-result-first-names = { $names }
seat-result-first-you = { $names } (vous)
seat-result-not-ranked = sans classement
seat-result-standings-final = Voir le classement final
seat-result-standings = Voir le classement (provisoire)

## Les réponses des formulaires d'une place.
seat-let-it-go-noted = C'est noté : vous laissez passer. La table reprend à la fin de l'attente.
seat-stale-move = { $message } Regardez de nouveau et choisissez.
seat-card-in-miles = Votre feuille est enregistrée : { $score } { $score ->
    [one] mille
   *[other] milles
}. Un autre camp la confirme.
seat-card-in-points = Votre feuille est enregistrée : { $score } { $score ->
    [one] point
   *[other] points
}. Un autre camp la confirme.
seat-card-confirmed = Confirmé. Merci.
seat-card-refused = Votre feuille n'a pas été prise. Ce que vous avez saisi est gardé ; voyez le message à côté de chaque champ à corriger.

## Ce que montre une page de place ouverte quand sa place a été reprise.
seat-taken-back-title = Cette place a été reprise
seat-taken-back-why = L'hôte a donné un nouveau lien à cette place ou l'a libérée, ou le lien de la place a été ouvert : cette page ne montre plus sa main.
seat-taken-back-what-now = Si la place est la vôtre, demandez à l'hôte votre nouveau lien, ou scannez le QR code de votre table et touchez votre nom.
## Ce que dit la page d'un lien de place quand son ouverture a repris la place à un téléphone qui l'avait choisie.
seat-pick-ended = Un autre téléphone avait choisi cette place avec un QR code. En ouvrant votre lien, vous l'avez reprise : ce téléphone ne montre plus votre main. Si vous ne vous y attendiez pas, prévenez l'hôte.
