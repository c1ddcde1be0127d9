# La phrase par laquelle commence la page d'une place (l'application la dit ; l'API l'a en
# anglais) : que faire maintenant, comment s'est passée la dernière ronde, et la fin de la
# soirée. $unit vaut « miles » ou « points » ; $others les noms des voisins de table, en liste.

seat-msg-not-seated-yet = L'organisateur n'a pas encore placé la première ronde. Gardez cette page ouverte.
seat-msg-bye = Pas de table pour vous à la ronde { $round } : c'est votre exemption. Une place vous attend à la ronde suivante.
seat-msg-withdrawn = Vous avez quitté la soirée. Merci d'avoir joué !
seat-msg-bot-seat = Un robot joue cette place : le serveur joue ses coups, et aucun lien ne peut les jouer.
seat-msg-stand-in = L'hôte a confié votre place à un robot : il joue vos tours jusqu'à ce que l'hôte vous la rende. Dites-le à l'hôte dès que vous pouvez rejouer.
seat-msg-not-seated = Pas encore de place pour vous dans la ronde { $round } : vous en aurez une au prochain placement.
seat-msg-sit-at = Ronde { $round } : asseyez-vous à la table { $table }. Le jeu commence au signal de l'organisateur.
seat-msg-sit-at-with = Ronde { $round } : asseyez-vous à la table { $table } avec { $others }. Le jeu commence au signal de l'organisateur.
seat-msg-paused = La ronde est en pause. Attendez que l'organisateur la reprenne.
seat-msg-recorded = Le temps est écoulé pour la ronde { $round }. Vos { $unit ->
    [points] points
   *[other] milles
} sont enregistrés ; quand l'organisateur clôt la ronde, cette page vous dit où aller ensuite.
seat-msg-paper-card-in = Le temps est écoulé pour la ronde { $round }. Votre feuille est remise ; dès qu'un autre camp la confirme, vos { $unit ->
    [points] points
   *[other] milles
} sont enregistrés.
seat-msg-paper-count = Le temps est écoulé pour la ronde { $round }. Comptez vos piles et saisissez ci-dessous la feuille de marque de votre camp ; un autre camp la confirme.
seat-msg-paper-table = Ronde { $round } : la table { $table } joue avec de vraies cartes. Comptez vos piles au signal.
seat-msg-paper-table-with = Ronde { $round } : la table { $table }, avec { $others }, joue avec de vraies cartes. Comptez vos piles au signal.
seat-msg-deal-over = Cette donne est terminée : attendez la suivante ou le signal.
seat-msg-coup-fourre = Coup fourré ?
seat-msg-coup-fourre-wait = La table attend un éventuel coup fourré :
seat-msg-extension = Vous avez atteint 700 : s'arrêter là ou allonger à 1 000 ?
seat-msg-extension-wait = Le camp à 700 bornes décide s'il allonge à 1 000 :
seat-msg-your-turn = Choisissez une carte à jouer ou à défausser.
seat-msg-waiting = En attente des coups des autres joueurs.
seat-msg-at-table = Ronde { $round } : table { $table }.
seat-msg-at-table-with = Ronde { $round } : table { $table } avec { $others }.

## Entre deux rondes : comment s'est passée la dernière ($score est dit par score-in-unit).
news-onward-stay = vous restez à la table { $table }
news-onward-move = passez à la table { $table }
news-onward-bye = pas de table pour vous à cette ronde (exemption)
news-won-most = Vous avez gagné la table { $table } avec { $score } : { $onward }.
news-won-cut = Vous étiez à égalité en tête à la table { $table } ({ $score }) et avez gagné le tirage : { $onward }.
news-won-host = Vous étiez à égalité en tête à la table { $table } ({ $score }) et l'organisateur a tranché en votre faveur : { $onward }.
news-bye-scored = Votre exemption vous rapporte { $score }.
news-next-stay = Vous restez à la table { $table }.
news-next-move = Passez à la table { $table }.
news-next-bye = Pas de table pour vous à cette ronde (exemption).
news-scored = Vous avez marqué { $score } à la table { $table }. { $next }

## Après la dernière ronde ($place et $prize sont dits par place ou place-joint).
finale-unranked = La soirée est terminée. Vous avez quitté la soirée avant de jouer une ronde : vous n'avez pas de place au classement. Merci de votre visite !
finale-place = La soirée est terminée : vous finissez { $place } sur { $of } avec { $score }. Merci d'avoir joué !
finale-prize = La soirée est terminée : vous finissez { $place } sur { $of } avec { $score } et remportez le { $prize } prix. Félicitations !
finale-provisional = Ces résultats restent provisoires jusqu'à ce que l'organisateur clôture la soirée.
seat-msg-handed = L'hôte a donné votre place à { $name } : ce lien ne joue plus. Vos rondes d'avant comptent toujours. Merci d'avoir joué !
seat-msg-handed-in-round = L'hôte a donné votre place à { $name } à la ronde { $round } : ce lien ne joue plus. Vos rondes d'avant comptent toujours. Merci d'avoir joué !
seat-game-so-far = La partie en { $points } points jusqu'ici : { $sheet }.
seat-game-won-you = Vous avez gagné la partie en { $points } points : { $sheet }.
seat-game-won = { $winner } a gagné la partie en { $points } points : { $sheet }.
seat-game-sheet-you = vous { $points }
seat-game-sheet-side = { $name } { $points }
seat-game-sheet-list = { $first }, { $next }
seat-game-sheet-empty = pas encore de points
